import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'Ce champ ne peut pas être vide',
    emailIncorrect: 'E-mail incorrect',
    passwordLength: 'Le mot de passe doit contenir entre 8 et 64 caractères',
    parameterError: 'Erreur de paramètre',
  },
  money: {
    errors: {
      amountInvalid: 'Erreur de montant',
      assetUnknown: "Cette crypto-monnaie n'est pas prise en charge",
    },
  },
  deposit: {
    types: {
      crypto: 'Transfert crypto',
      bank: 'Virement bancaire',
    },
    receipt: 'Justificatif de virement',
    accounts: {
      spot: 'Compte spot',
      futures: 'Compte futures',
    },
  },
  assets: {
    accounts: {
      spot: 'Compte spot',
      futures: 'Compte futures',
    },
  },
  markets: {
    simulated: 'Simulé',
  },
  swap: {
    completeInformation: 'Informations complètes requises',
    status: {
      waiting: 'En attente du dépôt',
      confirming: 'Confirmation',
      exchanging: 'Échange en cours',
      sending: 'Envoi en cours',
      completed: 'Terminé',
      expired: 'Expiré',
      cancelled: 'Annulé',
      refunding: 'Remboursement en cours',
      refunded: 'Remboursé',
      review: 'En examen',
    },
    payStatus: {
      inPayment: 'Paiement en cours',
      paymentSuccessful: 'Paiement réussi',
      paymentCancelled: 'Paiement annulé',
      canceled: 'Annulé',
    },
    errors: {
      pairUnknown: 'Cette paire ne peut pas être échangée',
      amountOutOfRange: 'Le montant doit être compris entre {{min}} et {{max}} {{asset}}',
      quoteUnknown: "Ce devis n'existe pas. Veuillez demander un nouveau devis.",
      quoteExpired: 'Ce devis a expiré. Veuillez demander un nouveau devis.',
      orderUnknown: "Cet ordre n'existe pas",
      notCancellable: 'Cet ordre ne peut plus être annulé',
      memoNotSupported: "Ce réseau n'utilise pas de mémo",
      memoInvalid:
        "Un mémo peut contenir jusqu'à 64 lettres, chiffres, espaces, tirets et traits de soulignement",
      refundAddressRequired: 'Un taux fixe exige une adresse de remboursement',
      stateConflict: "Impossible dans le statut actuel de l'ordre",
      approvalSameOperator: 'Un second opérateur doit approuver ce paiement',
      approvalRequired: "Ce paiement doit d'abord être approuvé par un second opérateur",
      pairInvalid: 'Le minimum doit valoir au moins cinq frais de réseau et ne peut dépasser le maximum',
      extendedKeyInvalid: "Ce n'est pas une clé publique étendue valide pour ce réseau",
      extendedKeyPrivate:
        'Ceci est une clé privée. Ne saisissez jamais de clé privée ici : saisissez la clé publique étendue.',
      coinNotReady: 'Les dépôts sur ce réseau ne sont pas encore configurés',
      txHashInvalid: "Saisissez le hash de la transaction tel que l'explorateur de blocs l'affiche",
    },
  },
  support: {
    validation: {
      textTooLong: "Un message peut compter jusqu'à 2 000 caractères",
      shortcutInvalid: "Un raccourci compte jusqu'à 32 minuscules, chiffres et tirets",
      englishRequired: 'Le texte en anglais (en-US) est obligatoire',
    },
    errors: {
      visitorUnknown: 'Cette discussion est terminée. Veuillez en commencer une nouvelle.',
      imageUnknown: "Cette image n'existe pas",
      conversationUnknown: "Cette conversation n'existe pas",
      cannedReplyUnknown: "Cette réponse type n'existe pas",
    },
  },
  content: {
    validation: {
      slugInvalid: "Un identifiant compte jusqu'à 80 minuscules, chiffres et tirets",
      titleTooLong: 'Le titre est trop long',
      bodyTooLong: 'Le texte est trop long',
      englishRequired: 'La version anglaise (en-US) est obligatoire',
    },
    errors: {
      articleUnknown: "Cet article n'existe pas",
      categoryUnknown: "Cette catégorie n'existe pas",
      slugTaken: 'Ce slug est déjà utilisé',
      articleFixed:
        'Cette page fait partie de la plateforme : elle garde son slug et son type et ne peut pas être supprimée',
      categoryMismatch:
        "Un article d'aide a besoin d'une catégorie ; les actualités et les pages n'en ont pas",
      englishKept:
        'La version anglaise (en-US) sert de repli à toutes les autres langues et ne peut pas être supprimée',
      translationUnknown: "Cette traduction n'existe pas",
    },
  },
  menus: {
    errors: {
      dataInvalid: 'Les réglages de cette entrée ne correspondent pas à son modèle',
      templateUnknown: 'Modèle inconnu',
      titleTooLong: "Un titre de menu compte jusqu'à 60 caractères",
      englishRequired: 'Le titre en anglais (en-US) est obligatoire',
      routeInvalid: 'Une route est en minuscules, commence par / et compte au plus trois parties',
      tooMany: "Un menu compte jusqu'à 100 entrées",
    },
  },
};

export default shared;
