// gettext from the C library (glibc's libintl), which Swift's Glibc module does not expose.
#ifndef GHF_CINTL_H
#define GHF_CINTL_H

#include <libintl.h>
#include <locale.h>

#endif
