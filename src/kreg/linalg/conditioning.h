// The reciprocal condition number below which kreg calls a solution ill-conditioned,
// kIllConditioned, for the code that computes one. It is defined in kreg/core/ill_conditioning.h
// so that the reports of the command line can ask for it too.
#pragma once

#include "kreg/core/ill_conditioning.h"
