// The token in the system keyring through libsecret: one item per API server, the token as
// its secret and the login as an attribute. Each call blocks on D-Bus: call off the main thread.
#ifndef GHF_CSECRET_SUPPORT_H
#define GHF_CSECRET_SUPPORT_H

#include <glib.h>

/// Outcome of a keyring call.
typedef enum {
    GHF_SECRET_OK = 0,
    /// No Secret Service on the session bus (or no session bus at all).
    GHF_SECRET_UNAVAILABLE = 1,
    /// The service answered with an error (locked, refused…).
    GHF_SECRET_FAILED = 2,
} GhfSecretStatus;

/// Stores `token` for `server` (replacing any earlier one). `error_message` (free with g_free)
/// says why on failure.
GhfSecretStatus ghf_secret_store(const char *server, const char *login, const char *token, char **error_message);

/// The token and login stored for `server`: both NULL when none (free with g_free).
GhfSecretStatus ghf_secret_lookup(const char *server, char **login, char **token, char **error_message);

/// Removes what is stored for `server`.
GhfSecretStatus ghf_secret_clear(const char *server, char **error_message);

#endif
