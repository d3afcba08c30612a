/**
 * Tells the stand-in which data model validates each of the system's Actor, Item and ChatMessage subtypes, as
 * Foundry knows them from `system.json` and the registration at init, whether or not a test
 * registered them in `CONFIG`. Imported by ./install.ts after the globals are in place (the models
 * extend `foundry.abstract.TypeDataModel` when they load).
 */
import { ACTOR_DATA_MODELS, CHAT_MESSAGE_DATA_MODELS, ITEM_DATA_MODELS } from "../../src/data/register";
import { harness } from "./foundry";

type Models = Record<string, Record<string, unknown>>;
Object.assign((harness.systemModels as Models)["Actor"]!, ACTOR_DATA_MODELS);
Object.assign((harness.systemModels as Models)["Item"]!, ITEM_DATA_MODELS);
Object.assign((harness.systemModels as Models)["ChatMessage"]!, CHAT_MESSAGE_DATA_MODELS);
