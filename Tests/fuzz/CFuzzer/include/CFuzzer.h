#ifndef NOISECLOCK_CFUZZER_H
#define NOISECLOCK_CFUZZER_H
// libFuzzer's driver, for the fuzz harness (Tests/fuzz/noise-fuzz). Only the fuzz build (scripts/fuzz) links libFuzzer;
// the harness calls this under NOISE_FUZZING only, so other builds link without it.
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with its command line (`-max_total_time=60 corpus/`…), calling `UserCb` once per input.
/// Returns libFuzzer's exit code; on a crash it does not return.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
#endif
