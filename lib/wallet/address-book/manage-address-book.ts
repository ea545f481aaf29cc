// A user's address book: their labels for addresses and which they trust. Labels show wherever
// the wallet answers show an address (transactions, uncommon reasons, the recipient check);
// trusted addresses anchor look-alike detection and silence dust, zero-value and spam flags from them.
import { prisma } from "../../db";
import { notFound } from "../../core/errors";
import { pageArgs, toPage, type Page } from "../../core/paging";
import { lockUserRow } from "../lock-user-row";
import type { TAddressBookBody, TAddressBookEntry, TAddressBookQuery } from "./schemas";

const SELECT = { id: true, address: true, label: true, trusted: true, createdAt: true, updatedAt: true } as const;

type Row = { id: string; address: string; label: string | null; trusted: boolean; createdAt: Date; updatedAt: Date };

const toEntry = (row: Row): TAddressBookEntry & { id: string } => ({
  id: row.id,
  address: row.address,
  label: row.label,
  trusted: row.trusted,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const listAddressBook = async (userId: string, query: TAddressBookQuery): Promise<Page<TAddressBookEntry>> => {
  const where = { userId, ...(query.trusted === undefined ? {} : { trusted: query.trusted }) };
  const [rows, total] = await Promise.all([prisma.addressBookEntry.findMany({ where, ...pageArgs(query), select: SELECT }), prisma.addressBookEntry.count({ where })]);
  const page = toPage(rows.map(toEntry), total, query.limit);
  return { ...page, items: page.items.map(({ id: _id, ...entry }) => entry) };
};

/**
 * Creates or replaces the entry; `created` tells which. The user's row is locked for the
 * transaction, so of concurrent PUTs of one address exactly one is told it created the entry.
 */
export const putAddressBookEntry = async (userId: string, address: string, body: TAddressBookBody): Promise<{ entry: TAddressBookEntry; created: boolean }> => {
  const data = { label: body.label ?? null, trusted: body.trusted ?? false };
  return prisma.$transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const existing = await tx.addressBookEntry.findUnique({ where: { userId_address: { userId, address } }, select: { id: true } });
    const row = await tx.addressBookEntry.upsert({ where: { userId_address: { userId, address } }, create: { userId, address, ...data }, update: data, select: SELECT });
    const { id: _id, ...entry } = toEntry(row);
    return { entry, created: !existing };
  });
};

export const deleteAddressBookEntry = async (userId: string, address: string): Promise<void> => {
  const { count } = await prisma.addressBookEntry.deleteMany({ where: { userId, address } });
  if (count === 0) throw notFound("Address book entry", address);
};

/** What the wallet answers need of a user's book: labels by address, and the trusted addresses. */
export type AddressBookView = { labels: Map<string, string>; trusted: Set<string> };

export const EMPTY_BOOK: AddressBookView = { labels: new Map(), trusted: new Set() };

export const loadAddressBook = async (userId: string | undefined): Promise<AddressBookView> => {
  if (!userId) return EMPTY_BOOK;
  const rows = await prisma.addressBookEntry.findMany({ where: { userId }, select: { address: true, label: true, trusted: true } });
  return {
    labels: new Map(rows.filter((row) => row.label !== null).map((row) => [row.address, row.label!])),
    trusted: new Set(rows.filter((row) => row.trusted).map((row) => row.address)),
  };
};
