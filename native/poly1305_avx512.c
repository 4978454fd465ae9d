#include "poly1305.h"
void jc_poly1305_blocks_avx512ifma(jc_poly1305 *st, const uint8_t *m, size_t nblocks) { jc_poly1305_blocks_portable(st, m, nblocks); }
