/* volk's implementation, compiled under the private names of volk_private.h. */
#include "volk_private.h"

#include <volk.c>
