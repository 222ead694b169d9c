// GTK 4 for Swift, pinned to the API of Debian 12's GTK 4.8.3: anything newer warns even where a
// newer GTK is installed.
#ifndef GHF_CGTK_SHIM_H
#define GHF_CGTK_SHIM_H

#include <glib.h>
#define GDK_VERSION_MIN_REQUIRED GDK_VERSION_4_8
#define GDK_VERSION_MAX_ALLOWED GDK_VERSION_4_8
#include <gtk/gtk.h>
#include <glib-unix.h>

#endif
