// The collectors runlens-rec knows, in the order they sample.
#pragma once

#include "Collector.h"

namespace runlens::collect {

CollectorList createAllCollectors();

} // namespace runlens::collect
