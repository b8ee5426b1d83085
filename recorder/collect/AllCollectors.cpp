#include "AllCollectors.h"

// Each collector adds its header and one line below.
// @collector-includes
#include "CpuCollector.h"
#include "MemoryCollector.h"
#include "PressureCollector.h"
#include "InterruptsCollector.h"
#include "SoftirqCollector.h"
#include "DiskCollector.h"
#include "NetworkCollector.h"
#include "ProcessCollector.h"
#include "pmu/PmuCollector.h"
#include "ScrapeCollector.h"

namespace runlens::collect {

CollectorList createAllCollectors(const CollectorSettings& settings)
{
    CollectorList collectors;
    // @collector-list
    collectors.push_back(std::make_unique<CpuCollector>());
    collectors.push_back(std::make_unique<MemoryCollector>());
    collectors.push_back(std::make_unique<PressureCollector>());
    collectors.push_back(std::make_unique<InterruptsCollector>());
    collectors.push_back(std::make_unique<SoftirqCollector>());
    collectors.push_back(std::make_unique<DiskCollector>());
    collectors.push_back(std::make_unique<NetworkCollector>());
    collectors.push_back(std::make_unique<ProcessCollector>());
    collectors.push_back(std::make_unique<pmu::PmuCollector>(pmu::PmuSettings{settings.pmuEventsFile}));
    collectors.push_back(std::make_unique<ScrapeCollector>(ScrapeSettings{settings.scrapeUrls, settings.interval}));
    return collectors;
}

} // namespace runlens::collect
