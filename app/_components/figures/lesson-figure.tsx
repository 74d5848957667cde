import type { LessonFigureId } from "@/lib/figures/lesson-figures";
import { lessonFigureIds } from "@/lib/figures/lesson-figures";
import { BoundaryBurstFigure } from "./boundary-burst-figure";
import { DeploymentFigure } from "./deployment-figure";
import { ScriptRoundTripFigure } from "./script-round-trip-figure";
import { SlidingWeightFigure } from "./sliding-weight-figure";
import { TokenBucketFigure } from "./token-bucket-figure";

export interface LessonFigureProps {
  id: string;
}

const figures: Record<LessonFigureId, () => React.JSX.Element> = {
  "boundary-burst": BoundaryBurstFigure,
  "token-bucket-level": TokenBucketFigure,
  "sliding-weight": SlidingWeightFigure,
  deployment: DeploymentFigure,
  "script-round-trip": ScriptRoundTripFigure,
};

/** `<Figure id="boundary-burst" />`: a picture drawn at build time from the lesson's own code. */
export function LessonFigure({ id }: LessonFigureProps) {
  if (!(lessonFigureIds as readonly string[]).includes(id)) {
    throw new Error(
      `<Figure id="${id}">: no such figure (there are: ${lessonFigureIds.join(", ")})`,
    );
  }
  const Drawn = figures[id as LessonFigureId];
  return <Drawn />;
}
