import { Type, type Static } from 'typebox';

/** Spec §9: a saved recipient's name is 1 to this many characters after trimming. */
export const ADDRESS_BOOK_NAME_MAX = 64;

/** Spec §3 address-book entry. */
export const AddressBookEntrySchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    blockchain: Type.String(),
    address: Type.String(),
  },
  { description: 'Spec §3 address-book entry' },
);
export type AddressBookEntry = Static<typeof AddressBookEntrySchema>;

/** POST /b2c-address-book/{account}/address-book body. */
export const NewAddressBookEntrySchema = Type.Object({
  // Lengths are checked after trimming; these bounds only stop absurd payloads.
  name: Type.String({
    maxLength: ADDRESS_BOOK_NAME_MAX * 4,
    description: `1–${ADDRESS_BOOK_NAME_MAX} characters after trimming`,
  }),
  blockchain: Type.String({ maxLength: 32, description: 'A blockchain of the catalogue, e.g. BITCOIN, TRON' }),
  address: Type.String({ maxLength: 256, description: 'Trimmed, then checked by its network checksum' }),
});
export type NewAddressBookEntry = Static<typeof NewAddressBookEntrySchema>;

/** PATCH /b2c-address-book/{account}/address-book/{id} body: a new name (network and address stay). */
export const RenameAddressBookEntrySchema = Type.Object(
  {
    name: Type.String({
      maxLength: ADDRESS_BOOK_NAME_MAX * 4,
      description: `1–${ADDRESS_BOOK_NAME_MAX} characters after trimming`,
    }),
  },
  { additionalProperties: false },
);
export type RenameAddressBookEntry = Static<typeof RenameAddressBookEntrySchema>;

/** POST /b2c-address-book/{account}/address-book/all body. */
export const AddressBookPageQuerySchema = Type.Object({
  pageNumber: Type.Integer({ minimum: 1, default: 1, description: '1-based' }),
  pageSize: Type.Integer({ minimum: 1, maximum: 1000, default: 1000 }),
});
export type AddressBookPageQuery = Static<typeof AddressBookPageQuerySchema>;

export const AddressBookPageSchema = Type.Object({
  content: Type.Array(AddressBookEntrySchema),
  totalElements: Type.Integer(),
  totalPages: Type.Integer(),
  pageNumber: Type.Integer(),
  pageSize: Type.Integer(),
});
export type AddressBookPage = Static<typeof AddressBookPageSchema>;
