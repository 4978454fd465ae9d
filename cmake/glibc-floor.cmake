# Linux x86_64: the library must load on glibc 2.17 (RHEL/CentOS 7 and later). gcc links memcpy to its
# GLIBC_2.14 version there; native/glibc_floor.h, included ahead of every file, binds it to GLIBC_2.2.5
# (aarch64's oldest symbol versions are 2.17 already). LinuxLibrariesTest checks every symbol version.
string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" _jc_floor_proc)
if(CMAKE_SYSTEM_NAME STREQUAL "Linux" AND _jc_floor_proc MATCHES "^(x86_64|amd64)$")
  add_compile_options(-include "${CMAKE_CURRENT_SOURCE_DIR}/native/glibc_floor.h")
endif()
