// Decoding a README's image, off the main thread: PNG, JPEG, GIF (its first frame), WebP where
// a loader is installed, and SVG (badges) through gdk-pixbuf. An image larger than `max_side`
// pixels on a side is refused once its header is read, before its pixels are.
#include "CGtkSupport.h"

typedef struct {
    int max_side;
    gboolean too_large;
} GhfSizeCheck;

static void ghf_image_size_prepared(GdkPixbufLoader *loader, int width, int height, gpointer data) {
    GhfSizeCheck *check = data;
    if (width > check->max_side || height > check->max_side || width <= 0 || height <= 0) {
        check->too_large = TRUE;
        gdk_pixbuf_loader_set_size(loader, 1, 1);
    }
}

GdkTexture *ghf_image_decode(const guint8 *data, gsize length, int max_side, char **error_message) {
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
    GhfSizeCheck check = {max_side, FALSE};
    gulong handler = g_signal_connect(loader, "size-prepared", G_CALLBACK(ghf_image_size_prepared), &check);
    GError *error = NULL;
    gboolean written = gdk_pixbuf_loader_write(loader, data, length, &error);
    gboolean closed = gdk_pixbuf_loader_close(loader, written ? &error : NULL);
    g_signal_handler_disconnect(loader, handler);
    GdkTexture *texture = NULL;
    if (check.too_large) {
        *error_message = g_strdup_printf("larger than %d pixels on a side", max_side);
    } else if (!written || !closed || gdk_pixbuf_loader_get_pixbuf(loader) == NULL) {
        *error_message = g_strdup(error != NULL ? error->message : "not an image");
    } else {
        texture = gdk_texture_new_for_pixbuf(gdk_pixbuf_loader_get_pixbuf(loader));
    }
    if (error != NULL) g_error_free(error);
    g_object_unref(loader);
    return texture;
}
