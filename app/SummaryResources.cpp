#include "SummaryData.h"

#include "summary/Comparability.h"
#include "summary/FindingRules.h"

#include <QCoreApplication>
#include <QFile>

namespace {

// The messages' translation context (lupdate reads Q_DECLARE_TR_FUNCTIONS; a free tr() it cannot).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(SummaryData)
};

} // namespace

namespace SummaryData {

std::optional<QByteArray> read(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = Text::tr("cannot read %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    return file.readAll();
}

bool loadFindingRules(const QString& path, FindingRules& rules, QString* error)
{
    const auto text = read(path, error);
    if (text && rules.load(*text, error))
        return true;
    if (text)
        *error = QStringLiteral("%1: %2").arg(path, *error);
    return false;
}

bool loadComparability(Comparability& comparability, QString* error)
{
    const auto text = read(kComparability, error);
    return text && comparability.load(*text, error);
}

} // namespace SummaryData
