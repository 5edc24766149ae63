// The headers are the point of this target; SwiftPM wants at least one source file.
#include "clinux.h"
