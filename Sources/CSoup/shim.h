#ifndef SWITCHYARD_CSOUP_SHIM_H
#define SWITCHYARD_CSOUP_SHIM_H
#include <libsoup/soup.h>
#include <gio/gio.h>
#include <glib-unix.h>

/* Macros Swift cannot import, as typed inline functions. */
static inline GType sy_type_string(void) { return G_TYPE_STRING; }
static inline GType sy_type_int(void) { return G_TYPE_INT; }
static inline GType sy_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GQuark sy_io_error_quark(void) { return G_IO_ERROR; }
static inline GQuark sy_tls_error_quark(void) { return G_TLS_ERROR; }
static inline GQuark sy_resolver_error_quark(void) { return G_RESOLVER_ERROR; }

/* soup_server_new is variadic (GObject properties); a server with defaults. */
static inline SoupServer *sy_soup_server_new(void) { return soup_server_new(NULL, NULL); }

/* soup_session_new_with_options is variadic; the connection limits are construct-only. */
static inline SoupSession *sy_soup_session_new(int max_conns, int max_conns_per_host) {
    return soup_session_new_with_options("max-conns", max_conns, "max-conns-per-host", max_conns_per_host, NULL);
}

#endif
