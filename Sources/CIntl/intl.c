// CIntl has no code of its own: SwiftPM needs one source file for a C target.
#include "CIntl.h"
