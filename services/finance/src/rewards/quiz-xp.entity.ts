import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * XP credited so far for one pupil's quiz: the best points of the attempts seen. A new attempt credits only the
 * improvement over it (docs/finance.md, "XP").
 */
@Entity({ name: 'quiz_xp' })
export class QuizXp {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_quiz_xp' })
  userId!: string;

  @PrimaryColumn({ name: 'quiz_id', type: 'uuid', primaryKeyConstraintName: 'PK_quiz_xp' })
  quizId!: string;

  @Column({ type: 'integer', default: 0 })
  credited!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
