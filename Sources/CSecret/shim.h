#ifndef SWITCHYARD_CSECRET_SHIM_H
#define SWITCHYARD_CSECRET_SHIM_H
#include <libsecret/secret.h>

/* Switchyard's keyring schema. Its name and attribute names are frozen: users
   list and provision items with secret-tool by them (Documentation/Security.md).
   Defined here because SecretSchema's attribute array does not import into Swift. */
static inline const SecretSchema *sy_credential_schema(void) {
    static const SecretSchema schema = {
        "app.switchyard.Switchyard.Credential",
        SECRET_SCHEMA_NONE,
        {
            { "account", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "kind", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "field", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "schema-version", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { NULL, 0 },
        },
    };
    return &schema;
}
#endif
