// GhfInlineLink: a README link inside a paragraph's text (LinkedText). A GtkButton with the
// link role, so screen readers list it as a link named by its text. GTK 4.8's GtkTextView puts
// a child's bottom on the line's baseline, which would lift the link's text above the words
// around it by its font's descent: the button says it is that much shorter than its label and
// lets the label hang below, so both baselines meet. The depth below the baseline is the
// label's own (its height less its baseline), measured with it.
#include "CGtkSupport.h"

struct _GhfInlineLink {
    GtkButton parent_instance;
    int descent;
};

G_DEFINE_FINAL_TYPE(GhfInlineLink, ghf_inline_link, GTK_TYPE_BUTTON)

static void ghf_inline_link_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                                    int *minimum_baseline, int *natural_baseline) {
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
    GtkWidget *child = gtk_button_get_child(GTK_BUTTON(widget));
    if (child == NULL) return;
    int baseline = -1;
    gtk_widget_measure(child, orientation, for_size, minimum, natural, NULL, &baseline);
    if (orientation != GTK_ORIENTATION_VERTICAL) return;
    int descent = baseline >= 0 ? MAX(0, *natural - baseline) : 0;
    GHF_INLINE_LINK(widget)->descent = descent;
    *minimum = MAX(0, *minimum - descent);
    *natural = MAX(*minimum, *natural - descent);
}

static void ghf_inline_link_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    GtkWidget *child = gtk_button_get_child(GTK_BUTTON(widget));
    if (child == NULL) return;
    gtk_widget_allocate(child, width, height + GHF_INLINE_LINK(widget)->descent, -1, NULL);
}

static void ghf_inline_link_class_init(GhfInlineLinkClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->measure = ghf_inline_link_measure;
    widget_class->size_allocate = ghf_inline_link_size_allocate;
}

static void ghf_inline_link_init(GhfInlineLink *self) {
    // GtkButton's GtkBinLayout would measure and allocate instead of the functions above.
    gtk_widget_set_layout_manager(GTK_WIDGET(self), NULL);
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_VISIBLE);
}

GtkWidget *ghf_inline_link_new(void) {
    return g_object_new(GHF_TYPE_INLINE_LINK, "accessible-role", GTK_ACCESSIBLE_ROLE_LINK, NULL);
}
