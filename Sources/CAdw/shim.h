// libadwaita for Swift, pinned to Debian 12's libadwaita 1.2.2 (and GTK 4.8.3): anything newer
// (AdwBanner, AdwNavigationView, AdwToolbarView, AdwBreakpoint, AdwDialog…) warns even where a
// newer one is installed.
#ifndef GHF_CADW_SHIM_H
#define GHF_CADW_SHIM_H

#include <glib.h>
#define GDK_VERSION_MIN_REQUIRED GDK_VERSION_4_8
#define GDK_VERSION_MAX_ALLOWED GDK_VERSION_4_8
#include <gtk/gtk.h>
#define ADW_VERSION_MIN_REQUIRED ADW_VERSION_1_2
#define ADW_VERSION_MAX_ALLOWED ADW_VERSION_1_2
#include <adwaita.h>

#endif
