#include "HeadlinePanel.h"

#include "SummaryTable.h"
#include "summary/SummaryExport.h"

#include <QTextDocument>
#include <QUrl>

#include <cmath>

namespace {

const QString kMetricScheme = QStringLiteral("metric");

QString link(const QString& metricId, const QString& text, const QColor& colour = {})
{
    const QString style = colour.isValid() ? QStringLiteral(" style=\"color:%1\"").arg(colour.name()) : QString();
    return QStringLiteral("<a href=\"%1:%2\"%3>%4</a>").arg(kMetricScheme, metricId.toHtmlEscaped(), style, text.toHtmlEscaped());
}

} // namespace

HeadlinePanel::HeadlinePanel(QWidget* parent)
    : QTextBrowser(parent)
{
    setObjectName(QStringLiteral("headlinePanel"));
    setOpenLinks(false);
    setFrameShape(QFrame::NoFrame);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() == kMetricScheme)
            emit metricActivated(url.path());
    });
    setReport(nullptr);
}

int HeadlinePanel::contentHeight() const
{
    // The document is laid out at the viewport's width, which is what the text will wrap to.
    QTextDocument* text = document();
    text->setTextWidth(viewport()->width());
    return int(std::ceil(text->size().height())) + 2 * frameWidth() + contentsMargins().top() + contentsMargins().bottom();
}

void HeadlinePanel::setReport(SummaryReportPtr report)
{
    m_report = std::move(report);
    setHtml(html());
}

QString HeadlinePanel::html() const
{
    if (!m_report || m_report->runs.size() < 2)
        return QStringLiteral("<p>%1</p>").arg(tr("Open a baseline and at least one other run to see what changed.").toHtmlEscaped());
    const SummaryReport& report = *m_report;
    QString html;
    if (!report.comparability.warnings.empty()) {
        html += QStringLiteral("<p style=\"color:#b35900\"><b>%1</b></p><ul>").arg(tr("These runs may not be comparable").toHtmlEscaped());
        for (const ComparabilityWarning& warning : report.comparability.warnings)
            html += QStringLiteral("<li style=\"color:#b35900\">%1</li>").arg(warning.sentence.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    const QString baselineName = report.runs[std::size_t(report.baseline)].name;
    for (int r = 0; r < int(report.runs.size()); ++r) {
        if (r == report.baseline)
            continue;
        const auto words = [&](Verdict verdict) {
            QStringList items;
            for (const SummaryExport::HeadlineItem& item : SummaryExport::biggestChanges(report, r, verdict, kHeadlineItems))
                items.append(link(report.rows[std::size_t(item.row)].metricId, item.text));
            return items.isEmpty() ? tr("nothing beyond noise").toHtmlEscaped() : items.join(QStringLiteral(", "));
        };
        html += QStringLiteral("<p><b>%1</b><br>").arg(tr("%1 against %2").arg(report.runs[std::size_t(r)].name, baselineName).toHtmlEscaped());
        // The workload's own numbers open the headline, in the colour of their verdict, as in the table.
        QStringList workload;
        for (const SummaryExport::HeadlineItem& item : SummaryExport::workloadChanges(report, r)) {
            const SummaryRow& row = report.rows[std::size_t(item.row)];
            workload.append(link(row.metricId, item.text, SummaryTable::verdictColour(row.cells[std::size_t(r)].verdict)));
        }
        if (!workload.isEmpty())
            html += QStringLiteral("<b>%1</b> %2<br>").arg(tr("Workload:").toHtmlEscaped(), workload.join(QStringLiteral("; ")));
        html += QStringLiteral("<span style=\"color:#009e73\">%1</span> %2<br>").arg(tr("Better:").toHtmlEscaped(), words(Verdict::Improvement));
        html += QStringLiteral("<span style=\"color:#d55e00\">%1</span> %2</p>").arg(tr("Worse:").toHtmlEscaped(), words(Verdict::Regression));
    }
    if (const auto noise = SummaryExport::repeatNoise(report); !noise.empty()) {
        QStringList items;
        for (const SummaryExport::HeadlineItem& item : noise)
            items.append(link(report.rows[std::size_t(item.row)].metricId, item.text));
        html += QStringLiteral("<p><b>%1</b> %2<br><small>%3</small></p>")
                    .arg(tr("Noise across repeats:").toHtmlEscaped(), items.join(QStringLiteral("; ")),
                         SummaryExport::repeatNoiseRule().toHtmlEscaped());
    }
    if (!report.findings.empty()) {
        html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("Findings").toHtmlEscaped());
        for (const Finding& finding : report.findings) {
            const QString severity = finding.severity == FindingSeverity::Critical ? tr("Critical")
                                     : finding.severity == FindingSeverity::Warning ? tr("Warning")
                                                                                    : tr("Note");
            html += QStringLiteral("<li><b>%1:</b> %2 %3</li>")
                        .arg(severity.toHtmlEscaped(), finding.sentence.toHtmlEscaped(),
                             finding.metricId.isEmpty() ? QString() : link(finding.metricId, tr("Show %1").arg(finding.metricId)));
        }
        html += QStringLiteral("</ul>");
    } else {
        html += QStringLiteral("<p>%1</p>").arg(tr("No findings.").toHtmlEscaped());
    }
    return html;
}
