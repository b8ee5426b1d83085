// The summary's JSON rule files: findings rules, comparability rules, the price table (the first
// byte picks which); each load() returns false with a sentence on a bad file.
#include "FuzzTarget.h"

#include "summary/Comparability.h"
#include "summary/FindingRules.h"
#include "summary/PricePerformance.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const QByteArray json(reinterpret_cast<const char*>(data + 1), qsizetype(size - 1));
    QString error;
    switch (data[0] % 3) {
    case 0: FindingRules().load(json, &error); break;
    case 1: Comparability().load(json, &error); break;
    default: PriceTable().load(json, &error); break;
    }
    return 0;
}
