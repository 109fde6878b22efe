import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** The three units of the points wallet. XP is earned and never spent; ZP and Altyn Saqa are spent. */
export const UNITS = ['XP', 'ZP', 'ALTYN_SAQA'] as const;
export type Unit = (typeof UNITS)[number];

/** System accounts: the other side of every posting that touches a pupil's wallet. */
export const SYSTEM_ACCOUNTS = ['rewards', 'recharges', 'sales', 'refunds'] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

/**
 * An account of the ledger: a pupil's wallet in one unit (owner_id set) or a system account in one unit (code set).
 * Only wallets keep a cached balance, always equal to the sum of their postings and never below zero (a CHECK
 * constraint is the backstop; the ledger refuses first). System accounts keep none: their balance is the sum of
 * their postings when asked, so the rewards or sales account is never a row every award has to lock.
 */
@Entity({ name: 'accounts' })
@Index('UQ_accounts_owner_unit', ['ownerId', 'unit'], { unique: true, where: '"owner_id" IS NOT NULL' })
@Index('UQ_accounts_code_unit', ['code', 'unit'], { unique: true, where: '"code" IS NOT NULL' })
@Check('CHK_accounts_holder', '("owner_id" IS NULL) <> ("code" IS NULL)')
@Check('CHK_accounts_balance', '("owner_id" IS NULL AND "balance" IS NULL) OR ("owner_id" IS NOT NULL AND "balance" >= 0)')
@Check('CHK_accounts_unit', `"unit" IN ('XP', 'ZP', 'ALTYN_SAQA')`)
export class Account {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_accounts' })
  id!: string;

  @Column({ name: 'owner_id', type: 'uuid', nullable: true })
  ownerId!: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  code!: SystemAccount | null;

  @Column({ type: 'varchar', length: 12 })
  unit!: Unit;

  /** Cached balance of a wallet (bigint, as a string); null for system accounts. */
  @Column({ type: 'bigint', nullable: true })
  balance!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/**
 * One business operation recorded in the ledger (an award, a payment, a recharge, a refund): its idempotency key,
 * what it was for, and a fingerprint of its postings. The same key again returns this row; the same key with other
 * postings is refused.
 */
@Entity({ name: 'ledger_transactions' })
@Index('UQ_ledger_transactions_key', ['idempotencyKey'], { unique: true })
@Index('IDX_ledger_transactions_created', ['createdAt'])
export class LedgerTransaction {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_ledger_transactions' })
  id!: string;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 200 })
  idempotencyKey!: string;

  /** What kind of operation: quiz_xp, treasure, invoice_payment, invoice_refund, recharge. */
  @Column({ type: 'varchar', length: 30 })
  kind!: string;

  /** Why, for histories: ids and titles of what the operation was about. */
  @Column({ type: 'jsonb', default: () => `'{}'` })
  reason!: Record<string, unknown>;

  /** SHA-256 of the postings (units, accounts, amounts), to tell a repeated key from a reused one. */
  @Column({ type: 'varchar', length: 64 })
  fingerprint!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/**
 * A posting: `amount` of one unit moves from the debit account to the credit account. Append-only (a trigger
 * refuses UPDATE and DELETE); a balance is credits minus debits, so every unit's postings sum to zero by
 * construction, and a trigger refuses a posting whose accounts are of another unit.
 */
@Entity({ name: 'postings' })
@Index('IDX_postings_debit', ['debitAccountId', 'id'])
@Index('IDX_postings_credit', ['creditAccountId', 'id'])
@Index('IDX_postings_transaction', ['transactionId'])
@Check('CHK_postings_amount', '"amount" > 0')
@Check('CHK_postings_accounts', '"debit_account_id" <> "credit_account_id"')
export class Posting {
  @PrimaryGeneratedColumn('increment', { type: 'bigint', primaryKeyConstraintName: 'PK_postings' })
  id!: string;

  @Column({ name: 'transaction_id', type: 'uuid' })
  transactionId!: string;

  @Column({ type: 'varchar', length: 12 })
  unit!: Unit;

  @Column({ name: 'debit_account_id', type: 'uuid' })
  debitAccountId!: string;

  @Column({ name: 'credit_account_id', type: 'uuid' })
  creditAccountId!: string;

  @Column({ type: 'bigint' })
  amount!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @ManyToOne(() => LedgerTransaction, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'transaction_id', foreignKeyConstraintName: 'FK_postings_transaction' })
  transaction?: LedgerTransaction;

  @ManyToOne(() => Account, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'debit_account_id', foreignKeyConstraintName: 'FK_postings_debit_account' })
  debitAccount?: Account;

  @ManyToOne(() => Account, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'credit_account_id', foreignKeyConstraintName: 'FK_postings_credit_account' })
  creditAccount?: Account;
}

export const ledgerEntities = [Account, LedgerTransaction, Posting];
