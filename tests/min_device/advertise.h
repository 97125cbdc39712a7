/* What the min-device layer advertises: Vulkan's required limits (never more than the device
 * has), the profile's device type, features and extensions; and the check that a device is
 * created with nothing the profile hides. */
#ifndef VKSPLIT_MIN_DEVICE_ADVERTISE_H
#define VKSPLIT_MIN_DEVICE_ADVERTISE_H

#include "profile.h"

/* The limits vksplit and the tests meet most, named once. */
#define MD_MAX_WORKGROUP_INVOCATIONS 128u
#define MD_MAX_MEMORY_ALLOCATION_SIZE (1ull << 30)
#define MD_MAX_MEMORY_ALLOCATION_COUNT 4096u
#define MD_MAX_BUFFER_SIZE (1ull << 30)

/* VkPhysicalDeviceProperties: limits, device type, and the profile in the device name. */
void md_advertise_properties(const md_profile* profile, VkPhysicalDeviceProperties* props);
/* Every property struct of a VkPhysicalDeviceProperties2 chain that holds a limit. */
void md_advertise_property_chain(const md_profile* profile, void* pNext);

/* VkPhysicalDeviceFeatures and every feature struct of a VkPhysicalDeviceFeatures2 chain. */
void md_advertise_features(const md_profile* profile, VkPhysicalDeviceFeatures* features);
void md_advertise_feature_chain(const md_profile* profile, void* pNext);

/* Whether the profile hides this device extension. */
bool md_extension_hidden(const md_profile* profile, const char* name);

/* VK_SUCCESS, or what a device without the hidden feature or extension returns
 * (VK_ERROR_FEATURE_NOT_PRESENT, VK_ERROR_EXTENSION_NOT_PRESENT), with the reason in `why`. */
VkResult md_check_device_create(const md_profile* profile, const VkDeviceCreateInfo* info, char* why, size_t why_size);

#endif
