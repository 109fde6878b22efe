import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * The question bank. A quiz is a timed test; its questions are of four types a math olympiad needs, each worth its
 * own points. Correctness lives in `answers.is_correct` (choice questions) and `questions.accepted` (numeric and
 * short-text questions); neither is ever sent to a pupil before their attempt is finished.
 */
export const QUESTION_KINDS = ['single', 'multiple', 'numeric', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** Question types as a catalogue (spec: question-types); `code` is one of QUESTION_KINDS and drives scoring. */
@Entity({ name: 'question_types' })
export class QuestionType {
  @PrimaryGeneratedColumn({ type: 'int', primaryKeyConstraintName: 'PK_question_types' })
  id!: number;

  @Column({ type: 'varchar', length: 20 })
  @Index('UQ_question_types_code', { unique: true })
  code!: QuestionKind;

  @Column({ name: 'name_kk', type: 'varchar', length: 100 })
  nameKk!: string;

  @Column({ name: 'name_ru', type: 'varchar', length: 100 })
  nameRu!: string;

  @Column({ name: 'name_en', type: 'varchar', length: 100 })
  nameEn!: string;
}

/** Quiz types (spec: quiz-types): olympiad test, daily challenge test, training practice... */
@Entity({ name: 'quiz_types' })
export class QuizType {
  @PrimaryGeneratedColumn({ type: 'int', primaryKeyConstraintName: 'PK_quiz_types' })
  id!: number;

  @Column({ type: 'varchar', length: 50 })
  @Index('UQ_quiz_types_code', { unique: true })
  code!: string;

  @Column({ name: 'name_kk', type: 'varchar', length: 100 })
  nameKk!: string;

  @Column({ name: 'name_ru', type: 'varchar', length: 100 })
  nameRu!: string;

  @Column({ name: 'name_en', type: 'varchar', length: 100 })
  nameEn!: string;
}

@Entity({ name: 'quizzes' })
@Check('CHK_quizzes_duration', '"duration_seconds" BETWEEN 30 AND 86400')
export class Quiz {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_quizzes' })
  id!: string;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  @Column({ name: 'description_kk', type: 'text', default: '' })
  descriptionKk!: string;

  @Column({ name: 'description_ru', type: 'text', default: '' })
  descriptionRu!: string;

  @Column({ name: 'description_en', type: 'text', default: '' })
  descriptionEn!: string;

  @Column({ name: 'quiz_type_id', type: 'int', nullable: true })
  quizTypeId!: number | null;

  @ManyToOne(() => QuizType, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'quiz_type_id', foreignKeyConstraintName: 'FK_quizzes_quiz_type' })
  quizType?: QuizType;

  /** The time limit: starting an attempt fixes its deadline this many seconds later. */
  @Column({ name: 'duration_seconds', type: 'int', default: 1800 })
  durationSeconds!: number;

  /**
   * Questions and their options in an order of each attempt's own (seeded by the attempt id, so it is the same on
   * every reload and device); off: the authored order for everyone.
   */
  @Column({ type: 'boolean', default: true })
  shuffle!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @OneToMany(() => Question, (q) => q.quiz)
  questions?: Question[];
}

/** What a numeric or short-text question accepts: a value with a tolerance, or a list of accepted texts. */
export interface AcceptedAnswer {
  value?: number;
  tolerance?: number;
  texts?: string[];
}

@Entity({ name: 'questions' })
@Index('IDX_questions_quiz', ['quizId', 'position'])
@Check('CHK_questions_points', '"points" BETWEEN 0 AND 1000')
export class Question {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_questions' })
  id!: string;

  @Column({ name: 'quiz_id', type: 'uuid' })
  quizId!: string;

  @ManyToOne(() => Quiz, (q) => q.questions, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'quiz_id', foreignKeyConstraintName: 'FK_questions_quiz' })
  quiz?: Quiz;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ type: 'varchar', length: 20 })
  kind!: QuestionKind;

  @Column({ name: 'text_kk', type: 'text' })
  textKk!: string;

  @Column({ name: 'text_ru', type: 'text' })
  textRu!: string;

  @Column({ name: 'text_en', type: 'text' })
  textEn!: string;

  @Column({ name: 'image_url', type: 'varchar', length: 500, nullable: true })
  imageUrl!: string | null;

  @Column({ type: 'int', default: 1 })
  points!: number;

  /** Numeric and text questions only; never sent to a pupil before finish. */
  @Column({ type: 'jsonb', nullable: true })
  accepted!: AcceptedAnswer | null;

  @Column({ name: 'explanation_kk', type: 'text', default: '' })
  explanationKk!: string;

  @Column({ name: 'explanation_ru', type: 'text', default: '' })
  explanationRu!: string;

  @Column({ name: 'explanation_en', type: 'text', default: '' })
  explanationEn!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @OneToMany(() => AnswerOption, (a) => a.question)
  options?: AnswerOption[];
}

/** A choice of a single- or multiple-choice question (spec: answers). */
@Entity({ name: 'answers' })
@Index('IDX_answers_question', ['questionId', 'position'])
export class AnswerOption {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_answers' })
  id!: string;

  @Column({ name: 'question_id', type: 'uuid' })
  questionId!: string;

  @ManyToOne(() => Question, (q) => q.options, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question_id', foreignKeyConstraintName: 'FK_answers_question' })
  question?: Question;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ name: 'text_kk', type: 'text' })
  textKk!: string;

  @Column({ name: 'text_ru', type: 'text' })
  textRu!: string;

  @Column({ name: 'text_en', type: 'text' })
  textEn!: string;

  @Column({ name: 'is_correct', type: 'boolean', default: false })
  isCorrect!: boolean;
}

export const quizEntities = [QuestionType, QuizType, Quiz, Question, AnswerOption];
