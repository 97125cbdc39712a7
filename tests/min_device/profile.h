/* What a min-device profile advertises beyond Vulkan's required limits: the device type and
 * the optional features and extensions vksplit can use. Read from VKSPLIT_MIN_DEVICE_PROFILE
 * (README.md in this folder lists the names and tokens). */
#ifndef VKSPLIT_MIN_DEVICE_PROFILE_H
#define VKSPLIT_MIN_DEVICE_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

typedef struct md_profile {
    char name[64];
    char tokens[128];     /* what it advertises, as tokens: "discrete,push,dynidx" */
    bool set_device_type; /* false: the device's own type */
    VkPhysicalDeviceType device_type;
    bool bda;           /* bufferDeviceAddress and its extensions */
    bool int64;         /* shaderInt64 */
    bool push;          /* VK_KHR_push_descriptor */
    bool storage8;      /* storageBuffer8BitAccess and its family, VK_KHR_8bit_storage */
    bool storage16;     /* storageBuffer16BitAccess and its family, VK_KHR_16bit_storage */
    bool dynidx;        /* shaderStorageBufferArrayDynamicIndexing */
    bool f16exact;      /* shaderFloat16, float16 rounded to nearest even, subnormals kept (RTE, DenormPreserve) */
    bool as_device;     /* no profile (limits only): every feature as the device has it, none faked */
    uint32_t vendor_id; /* 0: the device's own vendorID; else this one (amd, nvidia, intel, arm, qualcomm) */
} md_profile;

/* Parses `text` (NULL or empty: limits only, every feature as the device has it). On an
 * unknown name or token returns false and writes why into `why`. */
bool md_profile_parse(const char* text, md_profile* out, char* why, size_t why_size);

#endif
