#include "CGtkSupport.h"

#include <math.h>

// GTK 4.8's scrolled window takes every wheel event over it, on either axis, even one it cannot
// scroll: over a README's code block (which scrolls sideways only) or a paragraph with links
// (wrapped in a scrolled window that never scrolls), the wheel no longer scrolls the pane.

// Its scroll controllers keep only `axes`: a wheel turn on the other axis goes on to the pane.
static void keep_axes(GtkWidget *scrolled, GtkEventControllerScrollFlags axes) {
    GListModel *controllers = gtk_widget_observe_controllers(scrolled);
    for (guint i = 0; i < g_list_model_get_n_items(controllers); i++) {
        GtkEventController *controller = g_list_model_get_item(controllers, i);
        if (GTK_IS_EVENT_CONTROLLER_SCROLL(controller)) {
            GtkEventControllerScroll *scroll = GTK_EVENT_CONTROLLER_SCROLL(controller);
            GtkEventControllerScrollFlags flags = gtk_event_controller_scroll_get_flags(scroll);
            gtk_event_controller_scroll_set_flags(scroll, (flags & ~GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES) | axes);
        }
        g_object_unref(controller);
    }
    g_object_unref(controllers);
}

// Shift and the wheel still scroll a sideways block sideways, as everywhere in GTK.
static gboolean shifted_wheel(GtkEventControllerScroll *controller, double dx, double dy, gpointer scrolled) {
    (void)dx;
    GdkModifierType state = gtk_event_controller_get_current_event_state(GTK_EVENT_CONTROLLER(controller));
    if (!(state & GDK_SHIFT_MASK) || dy == 0) return FALSE;
    GtkAdjustment *adjustment = gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(scrolled));
    GdkEvent *event = gtk_event_controller_get_current_event(GTK_EVENT_CONTROLLER(controller));
    // GTK's own step for a wheel notch: the page size to the power 2/3.
    double step = event && gdk_scroll_event_get_unit(event) == GDK_SCROLL_UNIT_WHEEL
        ? pow(gtk_adjustment_get_page_size(adjustment), 2.0 / 3.0) : 1.0;
    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + dy * step);
    return TRUE;
}

void ghf_scrolled_window_scrolls_sideways_only(GtkWidget *scrolled) {
    keep_axes(scrolled, GTK_EVENT_CONTROLLER_SCROLL_HORIZONTAL);
    GtkEventController *shifted = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
    gtk_event_controller_set_propagation_phase(shifted, GTK_PHASE_CAPTURE);
    g_signal_connect(shifted, "scroll", G_CALLBACK(shifted_wheel), scrolled);
    gtk_widget_add_controller(scrolled, shifted);
}

void ghf_scrolled_window_never_scrolls(GtkWidget *scrolled) {
    keep_axes(scrolled, 0);
}
