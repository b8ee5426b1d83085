#include "AllCollectors.h"

// Each collector adds its header and one line below.
// @collector-includes

namespace runlens::collect {

CollectorList createAllCollectors()
{
    CollectorList collectors;
    // @collector-list
    return collectors;
}

} // namespace runlens::collect
