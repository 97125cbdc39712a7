# Vulkan::Headers, and nothing else: vksplit takes the caller's vkGetInstanceProcAddr and links
# no loader, so a build needs only vulkan/vulkan.h (Debian: libvulkan-dev; Windows: the
# Vulkan SDK, or any copy of the Vulkan-Headers repository). CMake's FindVulkan makes
# Vulkan::Headers only where it also finds a loader library, which a cross build for Windows
# or a machine with headers alone does not have; then the headers are found here.
#   VKSPLIT_VULKAN_INCLUDE_DIR  the folder holding vulkan/vulkan.h (set it to choose one)
# Installed beside vksplitConfig.cmake, which includes it the same way for consumers.
if(NOT TARGET Vulkan::Headers AND NOT VKSPLIT_VULKAN_INCLUDE_DIR)
  find_package(Vulkan QUIET)
endif()
if(NOT TARGET Vulkan::Headers)
  find_path(VKSPLIT_VULKAN_INCLUDE_DIR vulkan/vulkan.h HINTS "$ENV{VULKAN_SDK}/Include" "$ENV{VULKAN_SDK}/include"
            DOC "Folder holding vulkan/vulkan.h")
  if(NOT VKSPLIT_VULKAN_INCLUDE_DIR)
    message(FATAL_ERROR "vksplit needs the Vulkan headers (vulkan/vulkan.h): install libvulkan-dev (Debian, "
                        "Ubuntu) or the Vulkan SDK, or set VKSPLIT_VULKAN_INCLUDE_DIR to the folder holding vulkan/")
  endif()
  add_library(Vulkan::Headers INTERFACE IMPORTED)
  set_target_properties(Vulkan::Headers PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${VKSPLIT_VULKAN_INCLUDE_DIR}")
endif()
