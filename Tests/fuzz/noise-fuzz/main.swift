// The fuzz harness: `make fuzz` builds it with libFuzzer and AddressSanitizer (scripts/fuzz) and runs each target
// for a set time. Any other build compiles every target (so they cannot rot) but only says how to build it.
//
//     noise-fuzz [request|toml|catalog|import] [libFuzzer options] [corpus folders]
//
// The target is the first argument when it names one, else $NOISE_FUZZ_TARGET, else `request`.
// See docs/reliability.md.
#if canImport(Glibc)
import Glibc
#endif

#if NOISE_FUZZING
exit(FuzzDriver.run(arguments: CommandLine.arguments))
#else
printError("noise-fuzz: this build has no fuzzer; build with make fuzz (scripts/fuzz), see docs/reliability.md")
exit(2)
#endif
