#ifndef SWITCHYARD_CGTK_SHIM_H
#define SWITCHYARD_CGTK_SHIM_H
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <libintl.h> /* bindtextdomain, textdomain: the message catalogue (GObject/Translation.swift) */
#include <locale.h>
#include <malloc.h> /* mallinfo2 for the benchmark's memory breakdown */

/* Macros Swift cannot import, as typed inline functions. */
static inline GType sy_gtk_type_string(void) { return G_TYPE_STRING; }
static inline GType sy_gtk_type_int(void) { return G_TYPE_INT; }
static inline GType sy_gtk_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType sy_gtk_type_double(void) { return G_TYPE_DOUBLE; }
static inline GType sy_gtk_type_object(void) { return G_TYPE_OBJECT; }
static inline const GVariantType *sy_variant_type_int32(void) { return G_VARIANT_TYPE_INT32; }
static inline const GVariantType *sy_variant_type_string(void) { return G_VARIANT_TYPE_STRING; }

/* libdispatch's main-queue hooks (exported by libdispatch on Linux, not in a
   public header): the eventfd that becomes readable when the main queue has
   work, and the function that drains it. See Documentation/Architecture.md. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

#endif
