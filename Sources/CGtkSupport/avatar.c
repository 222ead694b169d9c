// GhfAvatar: one widget where AdwAvatar is five (see CGtkSupport.h).
#include <math.h>
#include <string.h>
#include "CGtkSupport.h"

#define GHF_AVATAR_COLORS 14

struct _GhfAvatar {
    GtkWidget parent_instance;
    int size;
    char *text;
    guint color;
    GdkTexture *texture;
    /// The initials, made when first drawn without an image.
    PangoLayout *initials;
};

G_DEFINE_FINAL_TYPE(GhfAvatar, ghf_avatar, GTK_TYPE_WIDGET)

/// The first letter, and the first letter after the last space, upper case (as AdwAvatar).
static char *initials_of(const char *text) {
    char *upper = g_utf8_strup(text, -1);
    char *normalized = g_utf8_normalize(g_strstrip(upper), -1, G_NORMALIZE_DEFAULT_COMPOSE);
    g_free(upper);
    if (normalized == NULL || *normalized == '\0') {
        g_free(normalized);
        return g_strdup("");
    }
    GString *initials = g_string_new(NULL);
    g_string_append_unichar(initials, g_utf8_get_char(normalized));
    const char *space = g_utf8_strrchr(normalized, -1, ' ');
    if (space != NULL && g_utf8_get_char(g_utf8_next_char(space)) != 0)
        g_string_append_unichar(initials, g_utf8_get_char(g_utf8_next_char(space)));
    g_free(normalized);
    return g_string_free(initials, FALSE);
}

/// Initials as large as fit the biggest square inside the circle, less a padding that grows
/// with the size (AdwAvatar's measure).
static PangoLayout *make_initials(GhfAvatar *self) {
    char *initials = initials_of(self->text);
    PangoLayout *layout = gtk_widget_create_pango_layout(GTK_WIDGET(self), initials);
    g_free(initials);
    int width = 0, height = 0;
    pango_layout_get_pixel_size(layout, &width, &height);
    if (width > 0 && height > 0) {
        double largest = self->size / 1.4142 - MAX(self->size * 0.4 - 5, 0);
        double font = CLAMP(height * (largest / width), 0, largest);
        PangoAttrList *attributes = pango_attr_list_new();
        pango_attr_list_insert(attributes, pango_attr_size_new_absolute((int)(font * PANGO_SCALE)));
        pango_layout_set_attributes(layout, attributes);
        pango_attr_list_unref(attributes);
    }
    return layout;
}

static void ghf_avatar_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    GhfAvatar *self = GHF_AVATAR(widget);
    float width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    if (self->texture != NULL) {
        gtk_snapshot_append_texture(snapshot, self->texture, &GRAPHENE_RECT_INIT(0, 0, width, height));
        return;
    }
    if (self->text == NULL || *self->text == '\0') return;
    if (self->initials == NULL) self->initials = make_initials(self);
    int text_width = 0, text_height = 0;
    pango_layout_get_pixel_size(self->initials, &text_width, &text_height);
    GdkRGBA color;
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color);
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(floorf((width - text_width) / 2), floorf((height - text_height) / 2)));
    gtk_snapshot_append_layout(snapshot, self->initials, &color);
    gtk_snapshot_restore(snapshot);
}

static void ghf_avatar_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural, int *minimum_baseline,
                               int *natural_baseline) {
    (void)orientation;
    (void)for_size;
    (void)minimum_baseline;
    (void)natural_baseline;
    *minimum = *natural = GHF_AVATAR(widget)->size;
}

/// A new font (the text scale, a style change) makes the initials again.
static void ghf_avatar_css_changed(GtkWidget *widget, GtkCssStyleChange *change) {
    GTK_WIDGET_CLASS(ghf_avatar_parent_class)->css_changed(widget, change);
    g_clear_object(&GHF_AVATAR(widget)->initials);
}

static void ghf_avatar_finalize(GObject *object) {
    GhfAvatar *self = GHF_AVATAR(object);
    g_free(self->text);
    g_clear_object(&self->texture);
    g_clear_object(&self->initials);
    G_OBJECT_CLASS(ghf_avatar_parent_class)->finalize(object);
}

static void ghf_avatar_class_init(GhfAvatarClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = ghf_avatar_finalize;
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->snapshot = ghf_avatar_snapshot;
    widget_class->measure = ghf_avatar_measure;
    widget_class->css_changed = ghf_avatar_css_changed;
    // Adwaita's avatar style: a circle, bold initials, the colours of the colorN classes.
    gtk_widget_class_set_css_name(widget_class, "avatar");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void ghf_avatar_init(GhfAvatar *self) {
    self->text = g_strdup("");
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
    gtk_widget_set_halign(GTK_WIDGET(self), GTK_ALIGN_CENTER);
    gtk_widget_set_valign(GTK_WIDGET(self), GTK_ALIGN_CENTER);
}

GtkWidget *ghf_avatar_new(int size) {
    GhfAvatar *self = g_object_new(GHF_TYPE_AVATAR, NULL);
    self->size = size;
    return GTK_WIDGET(self);
}

const char *ghf_avatar_get_text(GhfAvatar *self) {
    return self->text;
}

void ghf_avatar_set_text(GhfAvatar *self, const char *text) {
    if (g_strcmp0(self->text, text) == 0) return;
    g_free(self->text);
    self->text = g_strdup(text != NULL ? text : "");
    g_clear_object(&self->initials);
    guint color = *self->text != '\0' ? g_str_hash(self->text) % GHF_AVATAR_COLORS + 1 : 1;
    if (color != self->color) {
        char name[16];
        if (self->color != 0) {
            g_snprintf(name, sizeof name, "color%u", self->color);
            gtk_widget_remove_css_class(GTK_WIDGET(self), name);
        }
        g_snprintf(name, sizeof name, "color%u", color);
        gtk_widget_add_css_class(GTK_WIDGET(self), name);
        self->color = color;
    }
    if (self->texture == NULL) gtk_widget_queue_draw(GTK_WIDGET(self));
}

void ghf_avatar_set_texture(GhfAvatar *self, GdkTexture *texture) {
    if (self->texture == texture) return;
    g_set_object(&self->texture, texture);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}
