import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'Este campo não pode ficar em branco',
    emailIncorrect: 'E-mail incorreto',
    passwordLength: 'A senha deve ter de 8 a 64 caracteres',
    parameterError: 'Erro de parâmetro',
  },
  money: {
    errors: {
      amountInvalid: 'Erro de valor',
      assetUnknown: 'Esta moeda não é suportada',
    },
  },
  deposit: {
    types: {
      crypto: 'Transferência cripto',
      bank: 'Transferência bancária',
    },
    receipt: 'Comprovante de transferência',
    accounts: {
      spot: 'Conta spot',
      futures: 'Conta de futuros',
    },
  },
  assets: {
    accounts: {
      spot: 'Conta spot',
      futures: 'Conta de futuros',
    },
  },
  markets: {
    simulated: 'Simulado',
  },
  swap: {
    completeInformation: 'Informações completas são obrigatórias',
    status: {
      waiting: 'Aguardando depósito',
      confirming: 'Confirmando',
      exchanging: 'Trocando',
      sending: 'Enviando',
      completed: 'Concluído',
      expired: 'Expirado',
      cancelled: 'Cancelado',
      refunding: 'Reembolsando',
      refunded: 'Reembolsado',
      review: 'Em análise',
    },
    payStatus: {
      inPayment: 'Em pagamento',
      paymentSuccessful: 'Pagamento bem-sucedido',
      paymentCancelled: 'Pagamento cancelado',
      canceled: 'Cancelado',
    },
    errors: {
      pairUnknown: 'Este par não pode ser trocado',
      amountOutOfRange: 'O valor deve estar entre {{min}} e {{max}} {{asset}}',
      quoteUnknown: 'Esta cotação não existe. Solicite uma nova cotação.',
      quoteExpired: 'Esta cotação expirou. Solicite uma nova cotação.',
      orderUnknown: 'Esta ordem não existe',
      notCancellable: 'Esta ordem não pode mais ser cancelada',
      memoNotSupported: 'Esta rede não usa memo',
      memoInvalid: 'O memo pode ter até 64 letras, dígitos, espaços, hífens e sublinhados',
      refundAddressRequired: 'Uma taxa fixa exige um endereço de reembolso',
      stateConflict: 'Não é possível no status atual da ordem',
      approvalSameOperator: 'Um segundo operador deve aprovar este pagamento',
      approvalRequired: 'Este pagamento precisa primeiro da aprovação de um segundo operador',
      pairInvalid: 'O mínimo deve valer pelo menos cinco taxas de rede e não pode exceder o máximo',
      extendedKeyInvalid: 'Esta não é uma chave pública estendida válida para esta rede',
      extendedKeyPrivate:
        'Esta é uma chave privada. Nunca insira uma chave privada aqui: insira a chave pública estendida.',
      coinNotReady: 'Os depósitos nesta rede ainda não foram configurados',
      txHashInvalid: 'Insira o hash da transação como o explorador de blocos o mostra',
    },
  },
  support: {
    validation: {
      textTooLong: 'Uma mensagem pode ter até 2.000 caracteres',
      shortcutInvalid: 'Um atalho tem até 32 letras minúsculas, dígitos e hífens',
      englishRequired: 'O texto em inglês (en-US) é obrigatório',
    },
    errors: {
      visitorUnknown: 'Este chat terminou. Inicie um novo.',
      imageUnknown: 'Esta imagem não existe',
      conversationUnknown: 'Esta conversa não existe',
      cannedReplyUnknown: 'Esta resposta pronta não existe',
    },
  },
  content: {
    validation: {
      slugInvalid: 'Um identificador tem até 80 letras minúsculas, dígitos e hífens',
      titleTooLong: 'O título é longo demais',
      bodyTooLong: 'O texto é longo demais',
      englishRequired: 'A versão em inglês (en-US) é obrigatória',
    },
    errors: {
      articleUnknown: 'Este artigo não existe',
      categoryUnknown: 'Esta categoria não existe',
      slugTaken: 'Este slug já está em uso',
      articleFixed: 'Esta página faz parte da plataforma: mantém o slug e o tipo e não pode ser removida',
      categoryMismatch: 'Um artigo de ajuda precisa de uma categoria; notícias e páginas não têm',
      englishKept:
        'A versão em inglês (en-US) é a alternativa de todos os outros idiomas e não pode ser removida',
      translationUnknown: 'Esta tradução não existe',
    },
  },
  menus: {
    errors: {
      dataInvalid: 'As configurações desta entrada não correspondem ao seu modelo',
      templateUnknown: 'Modelo desconhecido',
      titleTooLong: 'Um título de menu pode ter até 60 caracteres',
      englishRequired: 'O título em inglês (en-US) é obrigatório',
      routeInvalid: 'Uma rota é em minúsculas, começa com / e tem no máximo três partes',
      tooMany: 'Um menu pode ter até 100 entradas',
    },
  },
};

export default shared;
