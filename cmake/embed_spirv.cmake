# cmake -DINPUT=x.spv -DOUTPUT=x.c -DSYMBOL=name -P embed_spirv.cmake
# Writes the SPIR-V words as a const uint32_t array (SPIR-V is a stream of 32-bit words;
# reading it as hex and regrouping keeps this free of any tool beyond CMake).
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" hex_len)
math(EXPR rem "${hex_len} % 8")
if(NOT rem EQUAL 0 OR hex_len EQUAL 0)
  message(FATAL_ERROR "${INPUT} is not a whole number of 32-bit words")
endif()
# little-endian bytes b0 b1 b2 b3 -> 0xb3b2b1b0
string(REGEX REPLACE "([0-9a-f][0-9a-f])([0-9a-f][0-9a-f])([0-9a-f][0-9a-f])([0-9a-f][0-9a-f])"
       "0x\\4\\3\\2\\1u," words "${hex}")
string(REGEX REPLACE "(([^,]*,){8})" "\\1\n  " words "${words}")
math(EXPR word_count "${hex_len} / 8")
file(WRITE "${OUTPUT}" "/* Generated from ${INPUT} by cmake/embed_spirv.cmake. */\n#include <stddef.h>\n#include <stdint.h>\nconst uint32_t ${SYMBOL}[${word_count}] = {\n  ${words}\n};\nconst size_t ${SYMBOL}_size = sizeof(${SYMBOL});\n")
