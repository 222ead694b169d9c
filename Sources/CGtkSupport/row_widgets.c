// GhfRowBox and GhfRowButton: a GtkBox and a GtkButton with CSS nodes of their own, for the
// widgets inside list rows (see CGtkSupport.h).
#include <math.h>
#include "CGtkSupport.h"

struct _GhfRowBox {
    GtkBox parent_instance;
};

G_DEFINE_FINAL_TYPE(GhfRowBox, ghf_row_box, GTK_TYPE_BOX)

static void ghf_row_box_class_init(GhfRowBoxClass *klass) {
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "rowbox");
}

static void ghf_row_box_init(GhfRowBox *self) { (void)self; }

GtkWidget *ghf_row_box_new(GtkOrientation orientation, int spacing) {
    return g_object_new(GHF_TYPE_ROW_BOX, "orientation", orientation, "spacing", spacing, NULL);
}

struct _GhfRowButton {
    GtkButton parent_instance;
    char *icon_name;
    /// Looked up when first drawn, for the scale it was drawn at; dropped when the widget is
    /// restyled (an icon theme or a text direction change restyles it).
    GtkIconPaintable *icon;
    int icon_scale;
};

G_DEFINE_FINAL_TYPE(GhfRowButton, ghf_row_button, GTK_TYPE_BUTTON)

#define GHF_ROW_BUTTON_ICON_SIZE 16

static void ghf_row_button_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    GhfRowButton *self = GHF_ROW_BUTTON(widget);
    GTK_WIDGET_CLASS(ghf_row_button_parent_class)->snapshot(widget, snapshot);
    if (self->icon_name == NULL)
        return;
    int scale = gtk_widget_get_scale_factor(widget);
    if (self->icon != NULL && self->icon_scale != scale)
        g_clear_object(&self->icon);
    if (self->icon == NULL) {
        GtkIconTheme *theme = gtk_icon_theme_get_for_display(gtk_widget_get_display(widget));
        self->icon = gtk_icon_theme_lookup_icon(theme, self->icon_name, NULL, GHF_ROW_BUTTON_ICON_SIZE, scale,
                                                gtk_widget_get_direction(widget), 0);
        self->icon_scale = scale;
        if (self->icon == NULL)
            return;
    }
    // gtk_widget_get_color when GTK 4.10 is the floor.
    GdkRGBA color;
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color);
    float x = (gtk_widget_get_width(widget) - GHF_ROW_BUTTON_ICON_SIZE) / 2.0f;
    float y = (gtk_widget_get_height(widget) - GHF_ROW_BUTTON_ICON_SIZE) / 2.0f;
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(roundf(x), roundf(y)));
    gtk_symbolic_paintable_snapshot_symbolic(GTK_SYMBOLIC_PAINTABLE(self->icon), snapshot, GHF_ROW_BUTTON_ICON_SIZE,
                                             GHF_ROW_BUTTON_ICON_SIZE, &color, 1);
    gtk_snapshot_restore(snapshot);
}

/// A new icon theme or text direction restyles the widget: the icon is looked up again.
static void ghf_row_button_css_changed(GtkWidget *widget, GtkCssStyleChange *change) {
    GTK_WIDGET_CLASS(ghf_row_button_parent_class)->css_changed(widget, change);
    g_clear_object(&GHF_ROW_BUTTON(widget)->icon);
}

static void ghf_row_button_finalize(GObject *object) {
    GhfRowButton *self = GHF_ROW_BUTTON(object);
    g_free(self->icon_name);
    g_clear_object(&self->icon);
    G_OBJECT_CLASS(ghf_row_button_parent_class)->finalize(object);
}

static void ghf_row_button_class_init(GhfRowButtonClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = ghf_row_button_finalize;
    GTK_WIDGET_CLASS(klass)->snapshot = ghf_row_button_snapshot;
    GTK_WIDGET_CLASS(klass)->css_changed = ghf_row_button_css_changed;
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "rowbutton");
}

static void ghf_row_button_init(GhfRowButton *self) { (void)self; }

GtkWidget *ghf_row_button_new(void) { return g_object_new(GHF_TYPE_ROW_BUTTON, NULL); }

const char *ghf_row_button_get_icon_name(GhfRowButton *self) {
    g_return_val_if_fail(GHF_IS_ROW_BUTTON(self), NULL);
    return self->icon_name;
}

void ghf_row_button_set_icon_name(GhfRowButton *self, const char *icon_name) {
    g_return_if_fail(GHF_IS_ROW_BUTTON(self));
    if (g_strcmp0(self->icon_name, icon_name) == 0)
        return;
    g_free(self->icon_name);
    self->icon_name = g_strdup(icon_name);
    g_clear_object(&self->icon);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}
