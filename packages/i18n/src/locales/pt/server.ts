import type { ServerTexts } from '../en-US/server';

const server: ServerTexts = {
  common: {
    success: 'Sucesso',
  },
  errors: {
    unauthorized: 'Primeiro, entre na sua conta',
    forbidden: 'Você não tem permissão para fazer isso',
    notFound: 'Não encontrado',
    systemBusy: 'O sistema está ocupado. Tente novamente mais tarde.',
    busy: 'Há pedidos demais sendo processados agora. Tente novamente em alguns segundos.',
    serviceUnavailable: 'O serviço está temporariamente indisponível. Tente novamente em instantes.',
    loginFailed: 'Conta ou senha incorreta',
    accountExists: 'Esta conta já está cadastrada',
    accountNotFound: 'Esta conta não está cadastrada',
    codeInvalid: 'O código de verificação está incorreto ou expirou',
    codeTooSoon: 'Aguarde {{seconds}} segundos antes de solicitar outro código',
    smsUnavailable:
      'No momento não é possível enviar códigos para números de celular. Use seu endereço de e-mail.',
    emailUnavailable: 'No momento não é possível enviar códigos por e-mail. Use seu número de celular.',
    inviteCodeUnknown: 'Este código de convite não existe',
    tooManyAttempts: 'Muitas tentativas. Tente novamente em {{minutes}} minutos.',
    idempotencyConflict:
      'Este pedido já foi enviado com outros dados. Verifique os seus registos antes de tentar novamente.',
    idempotencyInProgress: 'Este pedido ainda está a ser processado. Aguarde um momento e tente novamente.',
  },
  mail: {
    codeSubject: 'Seu código de verificação da Kestrel',
    codeBody:
      'Seu código de verificação é {{code}}. Ele é válido por 10 minutos. Se você não o solicitou, pode ignorar esta mensagem.',
    codeSms: '[Kestrel] Seu código de verificação é {{code}}, válido por 10 minutos.',
    accountExistsSubject: 'Você já tem uma conta na Kestrel',
    accountExistsBody:
      'Alguém, provavelmente você, pediu para criar uma conta na Kestrel com este endereço, mas ele já tem uma. Entre na sua conta ou redefina sua senha em "Esqueceu a senha?" na página de login. Se não foi você, pode ignorar esta mensagem.',
    accountExistsSms:
      '[Kestrel] Este número já tem uma conta na Kestrel. Entre na sua conta ou use "Esqueceu a senha?" para redefinir sua senha.',
  },
  backOffice: {
    accountFrozen: 'Sua conta foi congelada. Entre em contato com o atendimento ao cliente.',
    signedIn: 'Sessão iniciada',
    totpEnabled: 'A autenticação de dois fatores está ativada',
    errors: {
      loginFailed: 'E-mail ou senha incorretos',
      totpRequired: 'Digite o código de 6 dígitos do seu app autenticador',
      totpInvalid: 'O código do autenticador está errado ou expirou',
      totpEnrolmentRequired: 'Configure a autenticação de dois fatores antes de continuar',
      roleForbidden: 'Sua função não permite esta ação',
      adminDisabled: 'Esta conta administrativa foi desativada',
      lastSuperAdmin: 'O último superadministrador não pode ser rebaixado nem desativado',
      adminExists: 'Já existe uma conta administrativa com este e-mail',
      totpNotStarted: 'Inicie primeiro a configuração do autenticador',
      totpAlreadyEnabled: 'A autenticação de dois fatores já está ativada',
      reviewNotPending: 'Este item já foi analisado',
    },
  },
  admin: {
    banners: {
      errors: {
        notFound: 'Este banner não existe mais',
        imageInvalid: 'Escolha uma imagem enviada para banners',
        orderMismatch: 'Os banners mudaram nesse meio-tempo; recarregue e tente de novo',
        limitReached: 'No máximo {{max}} banners',
      },
    },
    withdrawals: {
      errors: {
        sameReviewer: 'Você deu a primeira aprovação. Outro revisor deve dar a segunda.',
      },
    },
    admins: {
      resetTotp: {
        ownAccount: 'Não pode repor o seu próprio autenticador. Peça a outro superadministrador.',
      },
    },
  },
  profile: {
    nicknameReserved: 'Este apelido é reservado ou se parece com um nome reservado. Escolha outro.',
    avatarInvalid: 'Envie a foto de perfil novamente',
  },
  security: {
    wrongPassword: 'Senha incorreta',
  },
  uploads: {
    missing: 'Escolha uma imagem',
    notImage: 'Este arquivo não é uma imagem compatível. Envie uma imagem JPEG, PNG ou WebP.',
    tooManyPixels: 'A imagem tem pixels demais. O máximo é 40 megapixels.',
    damaged: 'A imagem está danificada e não pode ser lida.',
    rateLimited: 'Muitos envios. Tente novamente em {{minutes}} minutos.',
  },
  inbox: {
    unknownDevice: 'Dispositivo desconhecido',
    withdrawalsNeedIdentity: 'Para sacar, conclua primeiro a verificação de identidade.',
    withdrawalsOpen: 'Você pode sacar para qualquer carteira ou cartão bancário aprovado pela nossa equipe.',
    errors: {
      messageNotFound: 'Esta mensagem não existe ou foi removida',
    },
    events: {
      depositApproved: {
        title: 'Depósito creditado',
        body: 'Seu depósito de {{amount}} {{asset}} foi aprovado e creditado na sua conta.',
      },
      depositRejected: {
        title: 'Depósito não aprovado',
        body: 'Seu depósito de {{amount}} {{asset}} não foi aprovado.\nMotivo: {{reason}}\nSe acredita que é um erro, entre em contato com o atendimento ao cliente.',
      },
      withdrawalCompleted: {
        title: 'Saque concluído',
        body: 'Seu saque foi enviado: {{amount}} {{asset}} está a caminho da sua conta.',
      },
      withdrawalRejected: {
        title: 'Saque não aprovado',
        body: 'Seu saque de {{amount}} {{asset}} não foi aprovado e o valor voltou ao seu saldo disponível.\nMotivo: {{reason}}',
      },
      systemAdd: {
        title: 'Fundos adicionados à sua conta',
        body: 'A plataforma adicionou {{amount}} {{asset}} à sua conta.',
      },
      systemDebit: {
        title: 'Fundos debitados da sua conta',
        body: 'A plataforma debitou {{amount}} {{asset}} da sua conta. Contate o atendimento ao cliente se tiver dúvidas.',
      },
      welcome: {
        title: 'Bem-vindo à Kestrel',
        body: 'Sua conta está pronta: você já pode depositar e negociar. {{withdrawals}} Nunca compartilhe sua senha ou códigos de verificação com ninguém, nem mesmo com a equipe da Kestrel.',
      },
      newLogin: {
        title: 'Novo login na sua conta',
        body: 'Sua conta foi acessada em {{time}}.\nDispositivo: {{device}}\nEndereço IP: {{ip}}\nSe não foi você, altere sua senha imediatamente.',
      },
      bankCardApproved: {
        title: 'Cartão bancário vinculado',
        body: 'Seu cartão bancário {{card}} do {{bank}} foi aprovado. Agora você pode sacar para ele.',
      },
      bankCardRejected: {
        title: 'Cartão bancário não aprovado',
        body: 'Seu cartão bancário {{card}} do {{bank}} não foi aprovado.\nMotivo: {{reason}}\nVocê pode excluí-lo e vincular o cartão novamente com os dados corrigidos.',
      },
      walletApproved: {
        title: 'Carteira vinculada',
        body: 'Sua carteira {{chain}} {{address}} foi aprovada. Agora você pode sacar para ela.',
      },
      walletRejected: {
        title: 'Carteira não aprovada',
        body: 'Sua carteira {{chain}} {{address}} não foi aprovada.\nMotivo: {{reason}}\nVocê pode excluí-la e vinculá-la novamente com uma nova captura de tela.',
      },
      identityApproved: {
        title: 'Identidade verificada',
        body: 'A sua verificação de identidade foi aprovada. A sua conta está agora verificada.',
      },
      identityRejected: {
        title: 'Falha na verificação de identidade',
        body: 'A sua verificação de identidade não foi aprovada.\nMotivo: {{reason}}\nPode corrigir os seus dados e submeter novamente.',
      },
    },
  },
  bankCards: {
    errors: {
      limitReached: 'Você atingiu o número máximo de cartões bancários. Exclua um para adicionar outro.',
      duplicate: 'Este cartão já está vinculado à sua conta',
    },
  },
  cryptoWallets: {
    errors: {
      limitReached: 'Você atingiu o número máximo de carteiras. Exclua uma para adicionar outra.',
      duplicate: 'Este endereço já está vinculado nesta rede',
      screenshotInvalid: 'A captura de tela não foi encontrada. Envie-a novamente.',
    },
  },
  deposit: {
    errors: {
      bankUnavailable: 'As transferências bancárias para esta moeda ainda não estão disponíveis',
      networkUnavailable: 'Depósitos nesta rede ainda não estão disponíveis',
      credentialInvalid: 'O comprovante de transferência não foi encontrado. Envie-o novamente.',
      belowMinimum: 'O depósito mínimo é {{minimum}} {{asset}}',
    },
  },
  withdraw: {
    errors: {
      targetUnavailable:
        'Esta conta de saque não está disponível. Escolha uma carteira ou cartão bancário aprovado.',
      networkUnavailable: 'Saques desta moeda para esta conta não estão disponíveis',
      outOfRange: 'O valor deve estar entre {{min}} e {{max}} {{asset}}',
      identityRequired:
        'Verifique sua identidade antes de sacar: conclua primeiro a verificação de identidade',
    },
  },
  identity: {
    errors: {
      alreadyVerified: 'A sua identidade já está verificada e não pode ser alterada',
      underReview: 'Os seus documentos estão em verificação. Aguarde o resultado.',
      imageInvalid: 'A imagem do documento não foi encontrada. Carregue-a novamente.',
    },
  },
  realtime: {
    tooManyChannels: 'Você pode acompanhar no máximo {{max}} canais ao vivo ao mesmo tempo.',
  },
  markets: {
    errors: {
      priceStale: 'Os preços estão temporariamente indisponíveis. Tente novamente em instantes.',
      unavailable: 'A negociação neste mercado está brevemente indisponível. Tente novamente em instantes.',
    },
  },
  futures: {
    orders: {
      errors: {
        noPrice: 'Ainda não há preço para este perpétuo. Tente novamente em instantes.',
        aboveBracket:
          'Esta ordem levaria sua posição além do que {{leverage}}x permite. Reduza a alavancagem ou o tamanho.',
        explainSubject:
          'Informe uma posição (lado) ou um rascunho de ordem (ação, tipo e tamanho) para explicar.',
      },
    },
    positions: {
      errors: {
        none: 'Você não tem posição aberta deste lado neste mercado.',
        triggerWrongSide:
          'Em uma posição long, o take profit deve ficar acima do preço de entrada e o stop loss abaixo; o inverso em uma short.',
        triggerBeyondLiquidation: 'O stop loss não pode ficar além do preço de liquidação ({{price}}).',
        notIsolated: 'Só é possível adicionar ou remover margem de uma posição isolada.',
        marginTooLow: 'Você pode remover no máximo {{max}} USDT de margem desta posição.',
      },
    },
    markets: {
      saved: 'Perpétuo salvo',
      errors: {
        unknown: 'Este perpétuo não existe',
        bracketsInvalid:
          'Cada faixa precisa de um limite maior que o da anterior, uma alavancagem máxima não maior e uma taxa de margem de manutenção não menor',
      },
    },
    settings: {
      saved: 'Configurações de futuros salvas',
      errors: {
        leverageTooHigh:
          'Este mercado permite no máximo {{max}}x de alavancagem para o tamanho da sua posição',
        marginModeLocked:
          'Feche suas posições e cancele suas ordens abertas neste mercado antes de mudar o modo de margem',
      },
    },
  },
  options: {
    bought: 'Compra realizada',
    saved: 'Produto salvo',
    errors: {
      productUnknown: 'Este produto não existe',
      periodUnknown: 'Este produto não tem um período com esta duração',
      directionRequired: 'Escolha alta ou baixa',
      orderUnknown: 'Esta ordem não existe',
      productClosed: 'Este produto está fechado para novas ordens',
      stakeOutOfRange: 'O valor deve estar entre {{min}} e {{max}} {{asset}}',
      roundClosed: 'A compra para esta rodada foi encerrada. Compre na próxima rodada.',
      openOrdersCap: 'Você pode ter no máximo {{max}} ordens abertas neste produto',
      dailyLossCap: 'Esta ordem levaria suas perdas de hoje além do limite de {{max}} {{asset}}',
      productExists: 'Este mercado já tem um produto',
      periodsInvalid:
        'Cada período precisa de uma duração própria, um valor máximo não inferior ao mínimo e um encerramento de compra menor que o período',
    },
  },
  earn: {
    subscribed: 'Subscrição concluída',
    redeemed: 'Resgate concluído',
    saved: 'Produto guardado',
    errors: {
      productUnknown: 'Este produto não existe',
      orderUnknown: 'Esta ordem não existe',
      notOnSale: 'Este produto não está à venda neste momento',
      belowMinimum: 'O mínimo que pode subscrever é {{min}} {{asset}}',
      aboveUserMax: 'Pode deter no máximo {{max}} {{asset}} neste produto',
      quotaExhausted: 'Restam apenas {{left}} {{asset}} deste produto',
      redemptionNotAllowed: 'Este produto não pode ser resgatado antes do vencimento',
      redemptionChanged: 'O valor que receberia mudou. Verifique-o novamente.',
      orderNotActive: 'Esta ordem já não está ativa',
      amountPrecision: 'Os valores em {{asset}} têm no máximo {{places}} casas decimais',
      productInvalid:
        'Verifique o produto: o máximo por utilizador não inferior ao mínimo, a quota não inferior ao máximo e o fim da venda depois do início',
    },
  },
  missions: {
    rewardClaimed: 'Recompensa resgatada',
    saved: 'Tarefa salva',
    errors: {
      missionUnknown: 'Esta tarefa não existe',
      notFinished: 'Conclua esta tarefa antes de resgatar a recompensa',
      alreadyClaimed: 'Você já resgatou esta recompensa',
      expired: 'O prazo para resgatar esta recompensa terminou',
      identityRequired: 'Verifique sua identidade para resgatar recompensas',
    },
  },
  referral: {
    saved: 'Configurações de indicação salvas',
  },
  membership: {
    saved: 'Níveis de associação salvos',
    errors: {
      levelsInvalid:
        'O nível 0 não deve exigir nada; cada nível deve exigir mais volume ou mais saldo que o anterior, com descontos não menores e abaixo de 100%',
    },
  },
  support: {
    sent: 'Mensagem enviada',
    saved: 'Salvo',
    notice: {
      agentReplied: {
        title: 'O atendimento respondeu',
        body: 'O agente {{agent}} respondeu à sua mensagem. Abra o chat de atendimento para ler.',
      },
    },
  },
  menus: {
    errors: {
      routeClash: 'A rota {{route}} conflita com a rota do app {{fixed}}',
      routeDuplicate: 'A rota {{route}} já é usada por outra entrada',
      tooDeep: 'Uma entrada filha não pode ter filhas próprias',
      screenUnknown: '{{path}} não é uma das telas do app',
      linkInsecure: 'Um link deve ser um endereço https://',
    },
  },
  demo: {
    errors: {
      notAllowed:
        'Indisponível numa conta demo: os seus fundos são virtuais e nunca se misturam com dinheiro real. Mude para a sua conta real para isso.',
      demoOnly: 'Só uma conta demo pode fazer isto',
    },
  },
};

export default server;
