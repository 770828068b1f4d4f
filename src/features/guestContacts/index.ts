/** Guests who leave their contact to receive an event's photos (docs/privacy.md#guests-contacts). */
/** 'Quero receber as fotos', for the collect and face pages. */
export { GuestContactOffer } from './GuestContactOffer';
/** The privacy page's list of the contacts left, and their withdrawal. */
export { MyContacts } from './MyContacts';
/** The owner's (and the team's) setting and list, and its CSV, for the dashboard's section. */
export { contactListsApi, useGetEventContactsQuery, useSetEventContactsMutation } from './contactListsApi';
export { contactAddress } from './contactAddress';
export { contactsFileName, eventContactsCsv } from './contactsCsv';
/** The contact's fields and their checks, for every form where a guest leaves one (the photos delivered, too). */
export { ContactFieldset, type ContactValue } from './ContactFieldset';
export { ConsentAgreement } from './ConsentAgreement';
export { contactProblem, type ContactChannel } from './contactForm';
