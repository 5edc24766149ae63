// The header is the point of this target; SwiftPM wants at least one source file.
#include "CFuzzer.h"
