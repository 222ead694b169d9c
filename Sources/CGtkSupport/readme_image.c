// Decoding a README's image, off the main thread: PNG, JPEG, GIF (its first frame), WebP where
// a loader is installed, and SVG (badges) through gdk-pixbuf. An image larger than `max_side`
// pixels on a side is refused once its header is read, before its pixels are: the loader is
// asked for 0x0 (which makes every loader stop, as gdk_pixbuf_get_file_info does) and nothing
// more is written to it.
#include "CGtkSupport.h"

typedef struct {
    int max_side;
    gboolean too_large;
} GhfSizeCheck;

static void ghf_image_size_prepared(GdkPixbufLoader *loader, int width, int height, gpointer data) {
    GhfSizeCheck *check = data;
    if (width > check->max_side || height > check->max_side || width <= 0 || height <= 0) {
        check->too_large = TRUE;
        gdk_pixbuf_loader_set_size(loader, 0, 0);
    }
}

GdkTexture *ghf_image_decode(const guint8 *data, gsize length, int max_side, char **error_message) {
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
    GhfSizeCheck check = {max_side, FALSE};
    gulong handler = g_signal_connect(loader, "size-prepared", G_CALLBACK(ghf_image_size_prepared), &check);
    GError *error = NULL;
    gboolean written = TRUE;
    // A chunk at a time, so that a header saying it is too large ends the decoding there.
    for (gsize at = 0; at < length && written && !check.too_large; at += 64 * 1024)
        written = gdk_pixbuf_loader_write(loader, data + at, MIN(64 * 1024, length - at), &error);
    gboolean closed = gdk_pixbuf_loader_close(loader, written && !check.too_large ? &error : NULL);
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
