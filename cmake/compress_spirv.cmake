# cmake -DINPUT=x.spv -DOUTPUT=x.spv.gz -P compress_spirv.cmake
# One SPIR-V module gzipped by CMake itself (libarchive: no tool beyond CMake, on any host a
# cross build runs on). SPIR-V deflates to about a third; cmake/embed_spirv.cmake embeds the
# DEFLATE stream without gzip's header (its time stamp would make builds differ) and
# src/base/inflate.c unpacks it when a pipeline is made.
file(ARCHIVE_CREATE OUTPUT "${OUTPUT}" PATHS "${INPUT}" FORMAT raw COMPRESSION GZip COMPRESSION_LEVEL 9)
