# install(EXPORT) with a version file and a pkg-config file, so consumers can
# find_package(vksplit) or pkg-config --cflags --libs vksplit.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
install(TARGETS vksplit vksplit_runner EXPORT vksplitTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY include/vksplit DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT vksplitTargets NAMESPACE vksplit:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/vksplit)
configure_package_config_file(cmake/vksplitConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/vksplitConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/vksplit)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/vksplitConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/vksplitConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/vksplitConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/vulkan_headers.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/vksplit)
# Relocatable: the prefix is found from the .pc file's own place (cmake --install --prefix).
file(RELATIVE_PATH VKSPLIT_PC_TO_PREFIX "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
configure_file(cmake/vksplit.pc.in ${CMAKE_CURRENT_BINARY_DIR}/vksplit.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/vksplit.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
