// libsecret (Secret Service client), for keeping the GitHub token in the system keyring.
#ifndef GHF_CLIBSECRET_SHIM_H
#define GHF_CLIBSECRET_SHIM_H
#include <libsecret/secret.h>
#endif
