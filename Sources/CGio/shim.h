// GLib, GObject and GIO (Debian 12: 2.74), for CHTTP's thread and the libsoup it loads.
#include <gio/gio.h>
