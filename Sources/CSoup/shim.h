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

#endif
