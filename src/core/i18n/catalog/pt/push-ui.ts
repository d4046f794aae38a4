import type { PUSH_UI_EN } from '../en/push-ui';

/**
 * Português: a barra lateral Enviar alterações, seu item de menu e título, sua seção da Ajuda,
 * seus tipos de processo e o que cada status do envio quer dizer (PRODUCT.md "Round trip"). Os
 * status (WILL_CHANGE, CONFLICT, DONE…) e os cabeçalhos das colunas de status (CRM Push
 * Status…) são o contrato público: nunca traduzidos.
 */
export const PUSH_UI_PT: Readonly<Record<keyof typeof PUSH_UI_EN, string>> = {
  'menu.push': 'Enviar alterações',
  'menu.title.push': 'CRM · Enviar alterações',

  'help.push.title': 'Enviar alterações (ida e volta)',
  'help.push.text':
    'Exporte leads, edite as células da planilha exportada (valores, nomes, responsáveis, etapas, etiquetas, campos personalizados) e <b>CRM → Enviar alterações</b> manda ao CRM exatamente as células que você mudou desde a exportação; uma linha intocada não gasta requisição. Um campo que um colega também mudou no CRM nesse meio-tempo é um <b>CONFLICT</b>: não é enviado, a menos que você escolha manter o valor da planilha.',
  'help.push.statuses':
    'A barra lateral sempre mostra a prévia antes e não altera nada. Os resultados vão para <b>CRM Push Status</b>, CRM Push Detail (cada campo: antes → depois), CRM Push At e <b>CRM Push Run</b> (o id da execução, que Reverter usa); o que cada status quer dizer está na lista abaixo.',
  'help.push.scripts':
    'Nos seus próprios scripts: <code>crmPushChanges({sheet: "Export", preview: true})</code> faz a prévia, o mesmo sem <code>preview</code> envia (<code>onConflict: "sheet"</code> mantém o valor da planilha), e <code>crmRevertPush(runId)</code> desfaz uma execução.',

  'ui.status.pushGroup': 'Enviar alterações (CRM Push Status)',
  'ui.status.push.WILL_CHANGE': 'prévia: as células alteradas serão enviadas',
  'ui.status.push.NO_CHANGE': 'nenhuma célula mudou desde a exportação: nenhuma requisição',
  'ui.status.push.CONFLICT':
    'um campo que você mudou também mudou no CRM: não é enviado, a menos que você mantenha o valor da planilha',
  'ui.status.push.INVALID': 'um valor que o CRM recusa: nada é enviado, o detalhe diz qual',
  'ui.status.push.NOT_FOUND': 'o lead não está mais no CRM',
  'ui.status.push.SKIPPED':
    'não enviada: uma célula esvaziada, uma célula ilegível ou uma chave de vários leads; o detalhe diz qual',
  'ui.status.push.DONE': 'células alteradas enviadas ao CRM',
  'ui.status.push.FAILED': 'o CRM recusou ou falhou: o detalhe diz por quê',
  'ui.status.push.UNCERTAIN':
    'o CRM não respondeu: o processo relê o lead antes de qualquer outra coisa',
  'ui.status.push.NOT_PREVIEWED': 'mudou depois da prévia: nada enviado, faça a prévia de novo',
  'ui.status.push.REVERTED': 'voltou ao valor de antes do envio',
  'ui.status.push.CHANGED_SINCE': 'mudou depois do envio: fica como está',
  'ui.status.push.NOT_REVERSIBLE': 'não pode ser desfeito: o detalhe diz por quê',
  'ui.status.pushRevert.WILL_CHANGE': 'prévia: voltará ao que era antes do envio',
  'ui.status.pushRevert.NO_CHANGE': 'já está como antes do envio: nenhuma requisição',

  'ui.push.title': 'Enviar alterações',
  'ui.push.intro':
    'Manda ao CRM as células que você mudou numa planilha exportada desde a exportação. Nada muda antes de você ver a prévia.',
  'ui.push.loading': 'Procurando planilhas exportadas…',
  'ui.push.noExport':
    'Nenhuma planilha desta pasta foi escrita por uma exportação. Exporte leads antes, edite as células e então envie.',
  'ui.push.keepSheet': 'Nos conflitos, manter o valor da planilha',
  'ui.push.keepSheetHint':
    'Um campo que um colega também mudou no CRM desde a exportação é um CONFLICT. Marcado, o valor da planilha substitui o dele.',
  'ui.push.preview': 'Prévia',
  'ui.push.previewing': 'Comparando cada linha com a exportação e com o CRM. Nada é alterado…',
  'ui.push.previewTitle': 'Prévia: nada mudou ainda',
  'ui.push.changesTitle': 'Antes → depois',
  'ui.push.conflictsTitle': 'Mudou no CRM também',
  'ui.push.conflictsHint':
    'Cada linha mostra o valor do CRM e o da planilha. Essas linhas ficam como estão no CRM, a menos que você mantenha o valor da planilha.',
  'ui.push.keepAndPreview': 'Manter o da planilha e refazer a prévia',
  'ui.push.problemsTitle': 'O que não será enviado, e por quê',
  'ui.push.row': 'Linha {row}',
  'ui.push.moreRows': '… e mais {count} linhas: cada uma tem sua explicação em CRM Push Detail.',
  'ui.push.moreRowsOne': '… e mais {count} linha: ela tem sua explicação em CRM Push Detail.',
  'ui.push.nothingToPush': 'Nenhuma célula seria enviada: não há nada para enviar.',
  'ui.push.run': 'Enviar…',
  'ui.push.runNow': 'Enviar agora',
  'ui.push.back': 'Voltar',
  'ui.push.needPreview': 'Faça a prévia antes: o envio manda o que a prévia mostrou.',
  'ui.push.stale': 'As opções mudaram: faça a prévia de novo.',
  'ui.push.confirm': 'Enviar ao CRM as células alteradas de {leads} de “{sheet}”?',
  'ui.push.confirmConflicts':
    '{count} {n:linha que também mudou|linhas que também mudaram} no CRM {n:fica|ficam} como o CRM tem.',
  'ui.push.confirmKeepSheet':
    'O valor da planilha substitui a mudança de um colega no CRM onde um campo mudou dos dois lados.',
  'ui.push.confirmRevert': 'Você pode reverter este envio depois.',
  'ui.push.after.uncertain':
    '{count} {n:linha está|linhas estão} UNCERTAIN: o CRM não respondeu. O processo {n:a|as} relê; veja CRM Push Detail.',
  'ui.push.after.failed': '{count} {n:linha deu|linhas deram} FAILED: CRM Push Detail diz por quê.',
  'ui.push.after.notPreviewed':
    '{count} {n:linha foi editada|linhas foram editadas} depois da prévia (NOT_PREVIEWED): nada foi enviado. Faça a prévia de novo para {n:enviá-la|enviá-las}.',
  'ui.push.after.conflict':
    '{count} {n:linha também mudou|linhas também mudaram} no CRM (CONFLICT): não {n:enviada|enviadas}.',
  'ui.push.after.skipped':
    '{count} {n:linha ficou|linhas ficaram} SKIPPED: CRM Push Detail diz por quê.',
  'ui.push.after.invalid': '{count} {n:linha tem|linhas têm} um valor que o CRM recusa (INVALID).',
  'ui.push.after.changedSince':
    '{count} {n:campo mudou|campos mudaram} depois do envio (CHANGED_SINCE): {n:ficou|ficaram} como está.',
  'ui.push.after.notReversible':
    '{count} {n:linha não pode ser desfeita|linhas não podem ser desfeitas} (NOT_REVERSIBLE): CRM Push Detail diz por quê.',
  'ui.push.after.revert': 'Para desfazer, abra “Reverter um envio” abaixo com a execução {runId}.',
  'ui.push.revert.title': 'Reverter um envio',
  'ui.push.revert.intro':
    'Devolve o valor de antes do envio de cada campo DONE que ninguém mudou depois. Faça a prévia antes: nada muda antes de você confirmar.',
  'ui.push.revert.runId': 'Id da execução (coluna CRM Push Run)',
  'ui.push.revert.noRun': 'Nenhum envio rodou nesta planilha ainda.',
  'ui.push.revert.lastRun': 'Último envio: execução {runId}',
  'ui.push.revert.needRun': 'Digite ou cole o id da execução da coluna CRM Push Run.',
  'ui.push.revert.preview': 'Prévia da reversão',
  'ui.push.revert.go': 'Reverter…',
  'ui.push.revert.now': 'Reverter agora',
  'ui.push.revert.previewTitle': 'Prévia da reversão: nada mudou ainda',
  'ui.push.revert.nothing': 'Nenhum campo desta execução voltaria ao que era.',
  'ui.push.revert.confirm': 'Devolver {leads} ao que {n:era|eram} antes do envio?',
} as const;
