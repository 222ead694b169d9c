// GTK 4 and libadwaita for Swift, pinned to the API of Debian 12's GTK 4.8.3 and libadwaita 1.2.2:
// anything newer (AdwBanner, AdwNavigationView, AdwToolbarView, AdwBreakpoint, AdwDialog…) warns
// even where a newer one is installed. One module for both: GTK's headers included from two
// modules left some of its declarations visible from only one of them.
#ifndef GHF_CGTK_SHIM_H
#define GHF_CGTK_SHIM_H

#include <glib.h>
#define GDK_VERSION_MIN_REQUIRED GDK_VERSION_4_8
#define GDK_VERSION_MAX_ALLOWED GDK_VERSION_4_8
#include <gtk/gtk.h>
#include <glib-unix.h>
#define ADW_VERSION_MIN_REQUIRED ADW_VERSION_1_2
#define ADW_VERSION_MAX_ALLOWED ADW_VERSION_1_2
#include <adwaita.h>

#endif
