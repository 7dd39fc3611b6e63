#ifndef SWITCHYARD_CSECRET_SHIM_H
#define SWITCHYARD_CSECRET_SHIM_H
#include <libsecret/secret.h>
#endif
