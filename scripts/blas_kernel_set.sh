# Sourced, not run. `kreg --version | blas_kernel_set` prints the OpenBLAS kernel set that kreg
# names in its version line ("... (OpenBLAS SkylakeX kernels, AVX2 loops) ..." -> SkylakeX), or nothing.
blas_kernel_set() { sed -n 's/.*(OpenBLAS \([A-Za-z0-9_]*\) kernels[,)].*/\1/p'; }
