#include "CSecretSupport.h"

#include <libsecret/secret.h>

static const SecretSchema *ghf_schema(void) {
    static const SecretSchema schema = {
        "io.github.githubfinder.GitHubFinder.Token", SECRET_SCHEMA_NONE,
        {
            {"server", SECRET_SCHEMA_ATTRIBUTE_STRING},
            {"login", SECRET_SCHEMA_ATTRIBUTE_STRING},
            {NULL, 0},
        },
        0, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    };
    return &schema;
}

static GhfSecretStatus ghf_status(GError *error, char **error_message) {
    if (error == NULL) return GHF_SECRET_OK;
    GhfSecretStatus status = (error->domain == G_DBUS_ERROR || error->domain == G_IO_ERROR || error->domain == G_SPAWN_ERROR)
        ? GHF_SECRET_UNAVAILABLE : GHF_SECRET_FAILED;
    if (error_message != NULL) *error_message = g_strdup(error->message);
    g_error_free(error);
    return status;
}

GhfSecretStatus ghf_secret_store(const char *server, const char *login, const char *token, char **error_message) {
    GError *error = NULL;
    // One item per server: remove an earlier account's token first.
    secret_password_clear_sync(ghf_schema(), NULL, &error, "server", server, NULL);
    if (error != NULL) return ghf_status(error, error_message);
    char *label = g_strdup_printf("GitHub Finder token for %s on %s", login, server);
    secret_password_store_sync(ghf_schema(), SECRET_COLLECTION_DEFAULT, label, token, NULL, &error,
                               "server", server, "login", login, NULL);
    g_free(label);
    return ghf_status(error, error_message);
}

GhfSecretStatus ghf_secret_lookup(const char *server, char **login, char **token, char **error_message) {
    *login = NULL;
    *token = NULL;
    GError *error = NULL;
    GList *items = secret_password_search_sync(ghf_schema(), SECRET_SEARCH_LOAD_SECRETS | SECRET_SEARCH_UNLOCK, NULL, &error,
                                               "server", server, NULL);
    if (error != NULL) return ghf_status(error, error_message);
    if (items != NULL) {
        SecretRetrievable *item = items->data;
        GHashTable *attributes = secret_retrievable_get_attributes(item);
        SecretValue *value = secret_retrievable_retrieve_secret_sync(item, NULL, &error);
        if (value != NULL) {
            *token = g_strdup(secret_value_get_text(value));
            *login = g_strdup(g_hash_table_lookup(attributes, "login"));
            secret_value_unref(value);
        }
        g_hash_table_unref(attributes);
        g_list_free_full(items, g_object_unref);
    }
    return ghf_status(error, error_message);
}

GhfSecretStatus ghf_secret_clear(const char *server, char **error_message) {
    GError *error = NULL;
    secret_password_clear_sync(ghf_schema(), NULL, &error, "server", server, NULL);
    return ghf_status(error, error_message);
}
