# SPDX-License-Identifier: Apache-2.0
# macOS cross build with clang and ld64.lld (Debian's clang-19, lld-19) and no Apple SDK; included by
# cmake/toolchain-clang-macos-*.cmake after they set JCHACHA_MACOS_TARGET (the clang target triple with the minimum
# macOS version). The kernels need only clang's own headers (stdint, vector types, cpuid); the few C library
# functions are declared in cmake/macos/include and linked against cmake/macos/libSystem.tbd. Only the JNI library is
# built (ExternalProject target "jchacha"): nothing here can run it, so the Java tests check it statically.
set(CMAKE_SYSTEM_NAME Darwin)
set(CMAKE_C_COMPILER clang-19)
set(CMAKE_C_COMPILER_TARGET ${JCHACHA_MACOS_TARGET})
set(CMAKE_AR llvm-ar-19 CACHE FILEPATH "")
set(CMAKE_RANLIB llvm-ranlib-19 CACHE FILEPATH "")
set(CMAKE_OSX_SYSROOT "" CACHE PATH "")
set(CMAKE_OSX_DEPLOYMENT_TARGET "" CACHE STRING "")
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)   # no C runtime to link a test executable against
set(_jc_macos ${CMAKE_CURRENT_LIST_DIR})
set(CMAKE_C_FLAGS_INIT "-nostdlibinc -isystem ${_jc_macos}/include")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-fuse-ld=lld --ld-path=/usr/bin/ld64.lld-19 -nostdlib ${_jc_macos}/libSystem.tbd")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
# The library's install name is @rpath/libjchacha.dylib, never a build path (the JVM loads it by full path).
set(CMAKE_INSTALL_NAME_DIR "@rpath")
set(CMAKE_BUILD_WITH_INSTALL_NAME_DIR ON)
