import type { ServerTexts } from '../en-US/server';

const server: ServerTexts = {
  common: {
    success: 'Succès',
  },
  errors: {
    unauthorized: "Veuillez d'abord vous connecter à votre compte",
    forbidden: "Vous n'êtes pas autorisé à effectuer cette action",
    notFound: 'Introuvable',
    systemBusy: 'Le système est occupé, veuillez réessayer plus tard.',
    busy: 'Trop de demandes sont en cours de traitement. Veuillez réessayer dans quelques secondes.',
    serviceUnavailable: 'Le service est temporairement indisponible. Veuillez réessayer dans un instant.',
    loginFailed: 'Compte ou mot de passe incorrect',
    accountExists: 'Ce compte est déjà enregistré',
    accountNotFound: "Ce compte n'est pas enregistré",
    codeInvalid: 'Le code de vérification est incorrect ou a expiré',
    codeTooSoon: 'Veuillez patienter {{seconds}} secondes avant de demander un nouveau code',
    smsUnavailable:
      'Les codes ne peuvent pas être envoyés aux numéros de mobile pour le moment. Veuillez utiliser votre adresse e-mail.',
    emailUnavailable:
      'Les codes ne peuvent pas être envoyés par e-mail pour le moment. Veuillez utiliser votre numéro de mobile.',
    inviteCodeUnknown: "Ce code d'invitation n'existe pas",
    tooManyAttempts: 'Trop de tentatives. Veuillez réessayer dans {{minutes}} minutes.',
    idempotencyConflict:
      "Cette demande a déjà été envoyée avec d'autres informations. Vérifiez votre historique avant de réessayer.",
    idempotencyInProgress:
      'Cette demande est encore en cours de traitement. Patientez un instant puis réessayez.',
  },
  mail: {
    codeSubject: 'Votre code de vérification Kestrel',
    codeBody:
      "Votre code de vérification est {{code}}. Il est valable 10 minutes. Si vous ne l'avez pas demandé, vous pouvez ignorer ce message.",
    codeSms: '[Kestrel] Votre code de vérification est {{code}}, valable 10 minutes.',
    accountExistsSubject: 'Vous avez déjà un compte Kestrel',
    accountExistsBody:
      "Quelqu'un, probablement vous, a demandé à créer un compte Kestrel avec cette adresse, mais elle en a déjà un. Connectez-vous, ou réinitialisez votre mot de passe avec « Mot de passe oublié ? » sur la page de connexion. Si ce n'était pas vous, vous pouvez ignorer ce message.",
    accountExistsSms:
      '[Kestrel] Ce numéro a déjà un compte Kestrel. Connectez-vous, ou utilisez « Mot de passe oublié ? » pour réinitialiser votre mot de passe.',
  },
  backOffice: {
    accountFrozen: 'Votre compte a été gelé. Veuillez contacter le service client.',
    signedIn: 'Connecté',
    totpEnabled: 'La double authentification est activée',
    errors: {
      loginFailed: 'L’e-mail ou le mot de passe est incorrect',
      totpRequired: 'Veuillez saisir le code à 6 chiffres de votre application d’authentification',
      totpInvalid: 'Le code d’authentification est erroné ou a expiré',
      totpEnrolmentRequired: 'Configurez la double authentification avant de continuer',
      roleForbidden: 'Votre rôle ne permet pas cette action',
      adminDisabled: 'Ce compte d’administration a été désactivé',
      lastSuperAdmin: 'Le dernier super administrateur ne peut être ni rétrogradé ni désactivé',
      adminExists: 'Un compte d’administration existe déjà avec cet e-mail',
      totpNotStarted: 'Commencez d’abord la configuration de l’authentificateur',
      totpAlreadyEnabled: 'La double authentification est déjà activée',
      reviewNotPending: 'Cet élément a déjà été examiné',
    },
  },
  admin: {
    banners: {
      errors: {
        notFound: 'Cette bannière n’existe plus',
        imageInvalid: 'Choisissez une image envoyée pour les bannières',
        orderMismatch: 'Les bannières ont changé entre-temps ; rechargez et réessayez',
        limitReached: '{{max}} bannières au maximum',
      },
    },
    withdrawals: {
      errors: {
        sameReviewer: 'Vous avez donné la première approbation. Un autre réviseur doit donner la seconde.',
      },
    },
    admins: {
      resetTotp: {
        ownAccount:
          'Vous ne pouvez pas réinitialiser votre propre authentificateur. Demandez à un autre super administrateur.',
      },
    },
  },
  profile: {
    nicknameReserved: 'Ce pseudo est réservé ou ressemble à un nom réservé. Veuillez en choisir un autre.',
    avatarInvalid: 'Veuillez importer à nouveau la photo de profil',
  },
  security: {
    wrongPassword: 'Mot de passe incorrect',
  },
  uploads: {
    missing: 'Veuillez choisir une image',
    notImage:
      "Ce fichier n'est pas une image prise en charge. Veuillez importer une image JPEG, PNG ou WebP.",
    tooManyPixels: "L'image contient trop de pixels. Le maximum est de 40 mégapixels.",
    damaged: "L'image est endommagée et ne peut pas être lue.",
    rateLimited: "Trop d'envois. Veuillez réessayer dans {{minutes}} minutes.",
  },
  inbox: {
    unknownDevice: 'Appareil inconnu',
    withdrawalsNeedIdentity: "Pour retirer, finalisez d'abord la vérification d'identité.",
    withdrawalsOpen:
      'Vous pouvez retirer vers tout portefeuille ou toute carte bancaire approuvés par notre équipe.',
    errors: {
      messageNotFound: "Ce message n'existe pas ou a été supprimé",
    },
    events: {
      depositApproved: {
        title: 'Dépôt crédité',
        body: 'Votre dépôt de {{amount}} {{asset}} a été approuvé et crédité sur votre compte.',
      },
      depositRejected: {
        title: 'Dépôt non approuvé',
        body: "Votre dépôt de {{amount}} {{asset}} n'a pas été approuvé.\nMotif : {{reason}}\nSi vous pensez qu'il s'agit d'une erreur, contactez le service client.",
      },
      withdrawalCompleted: {
        title: 'Retrait effectué',
        body: 'Votre retrait a été envoyé : {{amount}} {{asset}} est en route vers votre compte.',
      },
      withdrawalRejected: {
        title: 'Retrait non approuvé',
        body: 'Votre retrait de {{amount}} {{asset}} n’a pas été approuvé ; le montant est revenu dans votre solde disponible.\nMotif : {{reason}}',
      },
      systemAdd: {
        title: 'Des fonds ont été ajoutés à votre compte',
        body: 'La plateforme a ajouté {{amount}} {{asset}} à votre compte.',
      },
      systemDebit: {
        title: 'Des fonds ont été débités de votre compte',
        body: 'La plateforme a débité {{amount}} {{asset}} de votre compte. Contactez le service client pour toute question.',
      },
      welcome: {
        title: 'Bienvenue sur Kestrel',
        body: 'Votre compte est prêt : vous pouvez déposer et trader dès maintenant. {{withdrawals}} Ne communiquez jamais votre mot de passe ni vos codes de vérification à qui que ce soit, y compris au personnel de Kestrel.',
      },
      newLogin: {
        title: 'Nouvelle connexion à votre compte',
        body: "Une connexion à votre compte a eu lieu le {{time}}.\nAppareil : {{device}}\nAdresse IP : {{ip}}\nSi ce n'était pas vous, changez immédiatement votre mot de passe.",
      },
      bankCardApproved: {
        title: 'Carte bancaire associée',
        body: 'Votre carte bancaire {{card}} auprès de {{bank}} a été approuvée. Vous pouvez désormais y effectuer des retraits.',
      },
      bankCardRejected: {
        title: 'Carte bancaire non approuvée',
        body: 'Votre carte bancaire {{card}} auprès de {{bank}} n’a pas été approuvée.\nMotif : {{reason}}\nVous pouvez la supprimer et associer à nouveau la carte avec des informations corrigées.',
      },
      walletApproved: {
        title: 'Portefeuille associé',
        body: 'Votre portefeuille {{chain}} {{address}} a été approuvé. Vous pouvez désormais y effectuer des retraits.',
      },
      walletRejected: {
        title: 'Portefeuille non approuvé',
        body: 'Votre portefeuille {{chain}} {{address}} n’a pas été approuvé.\nMotif : {{reason}}\nVous pouvez le supprimer et l’associer à nouveau avec une nouvelle capture d’écran.',
      },
      identityApproved: {
        title: 'Identité vérifiée',
        body: "Votre vérification d'identité a été approuvée. Votre compte est désormais vérifié.",
      },
      identityRejected: {
        title: "Échec de la vérification d'identité",
        body: "Votre vérification d'identité n'a pas été approuvée.\nMotif : {{reason}}\nVous pouvez corriger vos informations et les soumettre à nouveau.",
      },
    },
  },
  bankCards: {
    errors: {
      limitReached:
        'Vous avez atteint le nombre maximal de cartes bancaires. Supprimez-en une pour en ajouter une autre.',
      duplicate: 'Cette carte est déjà associée à votre compte',
    },
  },
  cryptoWallets: {
    errors: {
      limitReached:
        'Vous avez atteint le nombre maximal de portefeuilles. Supprimez-en un pour en ajouter un autre.',
      duplicate: 'Cette adresse est déjà associée sur ce réseau',
      screenshotInvalid: 'La capture d’écran est introuvable. Veuillez la téléverser à nouveau.',
    },
  },
  deposit: {
    errors: {
      bankUnavailable: 'Les virements bancaires pour ce coin ne sont pas encore disponibles',
      networkUnavailable: 'Les dépôts sur ce réseau ne sont pas encore disponibles',
      credentialInvalid: 'Le justificatif de virement est introuvable. Veuillez le téléverser à nouveau.',
      belowMinimum: 'Le dépôt minimum est de {{minimum}} {{asset}}',
    },
  },
  withdraw: {
    errors: {
      targetUnavailable:
        'Ce compte de retrait n’est pas disponible. Choisissez un portefeuille ou une carte bancaire approuvés.',
      networkUnavailable: 'Les retraits de cette crypto vers ce compte ne sont pas disponibles',
      outOfRange: 'Le montant doit être compris entre {{min}} et {{max}} {{asset}}',
      identityRequired:
        "Vérifiez votre identité avant de retirer : finalisez d'abord la vérification d'identité",
    },
  },
  identity: {
    errors: {
      alreadyVerified: 'Votre identité est déjà vérifiée et ne peut plus être modifiée',
      underReview: 'Vos documents sont en cours de vérification. Veuillez attendre le résultat.',
      imageInvalid: "L'image du document est introuvable. Veuillez la téléverser à nouveau.",
    },
  },
  realtime: {
    tooManyChannels: 'Vous pouvez suivre au maximum {{max}} canaux en direct à la fois.',
  },
  markets: {
    errors: {
      priceStale: 'Les prix sont momentanément indisponibles. Veuillez réessayer dans un instant.',
      unavailable:
        'Les échanges sur ce marché sont brièvement indisponibles. Veuillez réessayer dans un instant.',
    },
  },
  futures: {
    orders: {
      errors: {
        noPrice: "Aucun prix n'est encore connu pour ce perpétuel. Veuillez réessayer dans un instant.",
        aboveBracket:
          'Cet ordre porterait votre position au-delà de ce que permet un levier de {{leverage}}x. Réduisez le levier ou la taille.',
        explainSubject:
          "Indiquez une position (côté) ou un projet d'ordre (action, type et taille) à expliquer.",
      },
    },
    positions: {
      errors: {
        none: "Vous n'avez aucune position ouverte de ce côté sur ce marché.",
        triggerWrongSide:
          "Pour un long, le take profit doit être au-dessus du prix d'entrée et le stop loss en dessous ; l'inverse pour un short.",
        triggerBeyondLiquidation:
          'Le stop loss ne doit pas se situer au-delà du prix de liquidation ({{price}}).',
        notIsolated: 'La marge ne peut être ajoutée ou retirée que sur une position isolée.',
        marginTooLow: 'Vous pouvez retirer au plus {{max}} USDT de marge de cette position.',
      },
    },
    markets: {
      saved: 'Perpétuel enregistré',
      errors: {
        unknown: "Ce perpétuel n'existe pas",
        bracketsInvalid:
          "Chaque palier doit avoir un plafond plus élevé que le précédent, un effet de levier maximal qui n'est pas plus élevé et un taux de marge de maintenance qui n'est pas plus bas",
      },
    },
    settings: {
      saved: 'Paramètres des contrats à terme enregistrés',
      errors: {
        leverageTooHigh:
          'Ce marché autorise au plus un effet de levier de {{max}}x pour la taille de votre position',
        marginModeLocked:
          'Fermez vos positions et annulez vos ordres ouverts sur ce marché avant de changer son mode de marge',
      },
    },
  },
  options: {
    bought: 'Achat réussi',
    saved: 'Produit enregistré',
    errors: {
      productUnknown: "Ce produit n'existe pas",
      periodUnknown: "Ce produit n'a pas de période de cette durée",
      directionRequired: 'Choisissez hausse ou baisse',
      orderUnknown: "Cet ordre n'existe pas",
      productClosed: 'Ce produit est fermé aux nouveaux ordres',
      stakeOutOfRange: 'Le montant doit être compris entre {{min}} et {{max}} {{asset}}',
      roundClosed: "L'achat pour ce tour est clos. Veuillez acheter au tour suivant.",
      openOrdersCap: 'Vous pouvez avoir au plus {{max}} ordres ouverts sur ce produit',
      dailyLossCap: 'Cet ordre porterait vos pertes du jour au-delà de la limite de {{max}} {{asset}}',
      productExists: 'Ce marché a déjà un produit',
      periodsInvalid:
        "Chaque période doit avoir sa propre durée, une mise maximale au moins égale à la minimale et une clôture d'achat plus courte que la période",
    },
  },
  earn: {
    subscribed: 'Souscription effectuée',
    redeemed: 'Remboursement effectué',
    saved: 'Produit enregistré',
    errors: {
      productUnknown: "Ce produit n'existe pas",
      orderUnknown: "Cet ordre n'existe pas",
      notOnSale: "Ce produit n'est pas en vente actuellement",
      belowMinimum: 'Le minimum de souscription est de {{min}} {{asset}}',
      aboveUserMax: 'Vous pouvez détenir au plus {{max}} {{asset}} dans ce produit',
      quotaExhausted: 'Il ne reste que {{left}} {{asset}} de ce produit',
      redemptionNotAllowed: "Ce produit ne peut pas être remboursé avant l'échéance",
      redemptionChanged: 'Le montant que vous recevriez a changé. Veuillez le vérifier à nouveau.',
      orderNotActive: "Cet ordre n'est plus actif",
      amountPrecision: 'Les montants en {{asset}} ont au plus {{places}} décimales',
      productInvalid:
        'Vérifiez le produit : le maximum par utilisateur au moins égal au minimum, le quota au moins égal au maximum, la fin de la vente après son début',
    },
  },
  missions: {
    rewardClaimed: 'Récompense obtenue',
    saved: 'Tâche enregistrée',
    errors: {
      missionUnknown: "Cette tâche n'existe pas",
      notFinished: 'Terminez cette tâche avant de réclamer sa récompense',
      alreadyClaimed: 'Vous avez déjà réclamé cette récompense',
      expired: 'Le délai pour réclamer cette récompense est dépassé',
      identityRequired: 'Vérifiez votre identité pour réclamer des récompenses',
    },
  },
  referral: {
    saved: 'Paramètres de parrainage enregistrés',
  },
  membership: {
    saved: "Niveaux d'adhésion enregistrés",
    errors: {
      levelsInvalid:
        "Le niveau 0 ne doit rien exiger ; chaque niveau doit exiger plus de volume ou plus d'avoirs que le précédent, avec des remises au moins égales et inférieures à 100 %",
    },
  },
  support: {
    sent: 'Message envoyé',
    saved: 'Enregistré',
    notice: {
      agentReplied: {
        title: 'Le service client a répondu',
        body: "L'agent {{agent}} a répondu à votre message. Ouvrez le chat du service client pour le lire.",
      },
    },
  },
  menus: {
    errors: {
      routeClash: "La route {{route}} entre en conflit avec la route de l'application {{fixed}}",
      routeDuplicate: 'La route {{route}} est déjà utilisée par une autre entrée',
      tooDeep: 'Une entrée enfant ne peut pas avoir ses propres enfants',
      screenUnknown: "{{path}} n'est pas un écran de l'application",
      linkInsecure: 'Un lien doit être une adresse https://',
    },
  },
  demo: {
    errors: {
      notAllowed:
        "Indisponible sur un compte démo : ses fonds sont virtuels et ne rencontrent jamais d'argent réel. Passez à votre compte réel pour cela.",
      demoOnly: 'Seul un compte démo peut faire cela',
    },
  },
};

export default server;
