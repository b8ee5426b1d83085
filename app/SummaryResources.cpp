#include "SummaryResources.h"

#include "summary/Comparability.h"
#include "summary/FindingRules.h"
#include "summary/PricePerformance.h"

#include <QCoreApplication>
#include <QFile>

namespace {

// The messages' translation context (lupdate reads Q_DECLARE_TR_FUNCTIONS; a free tr() it cannot).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(SummaryResources)
};

// Reads and parses one file with T::load(json, error); "PATH: why" when the file is unusable.
template <typename T>
std::shared_ptr<const T> load(const QString& path, QString* error)
{
    const auto text = SummaryResources::read(path, error);
    if (!text)
        return nullptr;
    auto parsed = std::make_shared<T>();
    if (!parsed->load(*text, error)) {
        *error = QStringLiteral("%1: %2").arg(path, *error);
        return nullptr;
    }
    return parsed;
}

} // namespace

namespace SummaryResources {

std::optional<QByteArray> read(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = Text::tr("cannot read %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    return file.readAll();
}

std::shared_ptr<const FindingRules> findingRules(const QString& path, QString* error)
{
    return load<FindingRules>(path, error);
}

std::shared_ptr<const Comparability> comparability(QString* error)
{
    return load<Comparability>(kComparability, error);
}

std::shared_ptr<const PriceTable> priceTable(QString* error)
{
    return load<PriceTable>(kPrices, error);
}

} // namespace SummaryResources
