# SPDX-License-Identifier: Apache-2.0
# Reproducible native libraries: two builds of one commit, in any two folders, give byte-identical files.
# No build paths in the output (-ffile-prefix-map covers __FILE__ and debug info), no link timestamps (PE),
# and a build id that is a hash of the contents (ELF; Mach-O's LC_UUID from ld64.lld is one already).
# Inputs are sorted: every source list in CMakeLists.txt is written out by hand, never globbed.
add_compile_options("-ffile-prefix-map=${CMAKE_SOURCE_DIR}=." "-ffile-prefix-map=${CMAKE_BINARY_DIR}=build")
if(CMAKE_SYSTEM_NAME STREQUAL "Windows")
  add_link_options(-Wl,--no-insert-timestamp)
elseif(CMAKE_SYSTEM_NAME STREQUAL "Linux")
  add_link_options(-Wl,--build-id=sha1)
endif()
